// Drag a piece onto a square to move it (clicking works too). The board
// redraws when a drag starts (to light the destinations), so the drop is
// found from the pointer's position, not from the element pressed.

/**
 * `board` has `selected`, `update(view)`, `view`; `moveFor(key, square)` gives
 * the legal move from the piece `key` to `square`, or null.
 */
export function enableDrag(board, svg, moveFor) {
  svg.addEventListener('pointerdown', (ev) => {
    const m = ev.target.closest('[data-movable]');
    if (!m || ev.button !== 0) return;
    const key = m.getAttribute('data-movable');
    const start = [ev.clientX, ev.clientY];
    let dragging = false;
    const move = (e) => {
      if (!dragging && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 10) {
        dragging = true;
        board.selected = key;
        board.update(board.view);
      }
    };
    const up = (e) => {
      cancel();
      if (!dragging) return;
      // The click that follows a drag must not toggle the selection again.
      board.suppressClick = Date.now();
      const el = document.elementFromPoint(e.clientX, e.clientY);
      const sqEl = el && el.closest('[data-dest], [data-sq]');
      const sq = sqEl && (sqEl.getAttribute('data-dest') || sqEl.getAttribute('data-sq'));
      const mv = sq && moveFor(key, sq);
      if (mv) { board.selected = null; board.view.onMove(mv); }
    };
    const cancel = () => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', cancel);
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', cancel);
  });
}
