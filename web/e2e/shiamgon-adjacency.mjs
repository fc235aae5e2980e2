// Adjacency of Shiamgon fields (closures share a point), from the rulings:
// used by the tests to steer towards a push. Field names as in the game.

const DISCS = {
  disc5: [[3, 0], [6, 30], [15, 12], [30, 6], [60, 3]],
  disc10: [[3, 0], [3, 60], [6, 30], [6, 0], [15, 6], [15, 18], [30, 0], [30, 6], [60, 3], [60, 0]],
};

function interval(rings, ring, idx) {
  const [n, phi] = rings[ring - 1];
  const a = phi + (idx * 360) / n;
  return [a, a + 360 / n];
}

/** Whether closed angle intervals meet, round the circle. */
function meet([a0, a1], [b0, b1]) {
  for (const k of [-360, 0, 360]) {
    if (a0 <= b1 + k && b0 + k <= a1) return true;
  }
  return false;
}

function triCorners(name) {
  const [row, index] = name.split('.').map(Number);
  const k = Math.floor(index / 2);
  const c = index % 2 === 0 ? [[row, k], [row + 1, k], [row + 1, k + 1]] : [[row, k], [row + 1, k + 1], [row, k + 1]];
  return c.map(([r, q]) => `${r},${q}`);
}

export function adjacent(board, a, b) {
  if (a === b) return false;
  if (board.startsWith('tri')) {
    const ca = new Set(triCorners(a));
    return triCorners(b).some((c) => ca.has(c));
  }
  const rings = DISCS[board];
  const [ra, ia] = a.split('.').map(Number);
  const [rb, ib] = b.split('.').map(Number);
  if (ra === 0 || rb === 0) return ra + rb === 1;
  if (ra === rb) {
    const n = rings[ra - 1][0];
    return n <= 3 || (ia - ib + n) % n === 1 || (ib - ia + n) % n === 1;
  }
  if (Math.abs(ra - rb) !== 1) return false;
  return meet(interval(rings, ra, ia), interval(rings, rb, ib));
}
