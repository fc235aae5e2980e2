// The analysis board's moves as a tree of variations: every node is a
// position reached by one move from its parent; a node's first child is its
// main line, the others are variations. The tree knows no rules: a node's
// board (legal moves included) comes from the server when it is shown.

import { h } from './dom.js';
import { t } from './i18n.js';

let nextId = 1;

/** One position of the tree: the move that led here and what follows. */
export class Node {
  constructor(parent, move, seat = null) {
    this.id = nextId++;
    this.parent = parent;
    this.move = move;
    /** The seat that played `move` (1-based), when known. */
    this.seat = seat;
    this.children = [];
    this.ply = parent ? parent.ply + 1 : 0;
    /** The server's board here (`BoardView` + `over`), once fetched. */
    this.view = null;
  }
}

/** The tree of a whole analysis. */
export class Tree {
  constructor() {
    this.root = new Node(null, null);
    this.byId = new Map([[this.root.id, this.root]]);
  }

  /** The child of `parent` reached by `move`: the one there, or a new last variation. */
  add(parent, move, seat = null) {
    const had = parent.children.find((c) => c.move === move);
    if (had) return had;
    const child = new Node(parent, move, seat ?? (parent.view && parent.view.to_act ? parent.view.to_act.seat : null));
    parent.children.push(child);
    this.byId.set(child.id, child);
    return child;
  }

  /** The moves from the root to `node`. */
  path(node) {
    const out = [];
    for (let n = node; n && n.parent; n = n.parent) out.push(n.move);
    return out.reverse();
  }

  /** Whether `node` is on the main line (first children from the root). */
  isMain(node) {
    for (let n = node; n && n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** The nearest node of the main line at or above `node`. */
  mainAncestor(node) {
    let n = node;
    while (!this.isMain(n)) n = n.parent;
    return n;
  }

  /** The main line's node at `ply` (or its last one). */
  mainAt(ply) {
    let n = this.root;
    while (n.ply < ply && n.children.length) n = n.children[0];
    return n;
  }

  /** The end of the line through `node` (following first children). */
  lineEnd(node) {
    let n = node;
    while (n.children.length) n = n.children[0];
    return n;
  }
}

/**
 * The move list: the main line with each variation in brackets after the
 * move it replaces (the first level on a line of its own). `players` says
 * how moves are numbered (two players: by turn, `3.` and `3…`; more: by
 * ply); `onPick(node)` when one is chosen.
 */
export function renderMoves(tree, current, players, onPick) {
  const box = h('div', { class: 'analysis-moves', 'data-test': 'analysis-moves' });
  const moveEl = (node, numbered) => {
    const label = [];
    if (players === 2) {
      const turn = Math.ceil(node.ply / 2);
      if (node.ply % 2 === 1) label.push(h('span', { class: 'n' }, `${turn}.`));
      else if (numbered) label.push(h('span', { class: 'n' }, `${turn}…`));
    } else {
      label.push(h('span', { class: 'n' }, `${node.ply}.`));
    }
    return h('button', {
      type: 'button', class: node === current ? 'move current' : 'move', 'data-node': node.id, 'data-move': node.move,
      'aria-current': node === current ? 'true' : null, onclick: () => onPick(node),
    }, ...label, node.move);
  };
  const line = (from, out, depth, numberFirst) => {
    let n = from;
    let numbered = numberFirst;
    while (n.children.length) {
      const [main, ...alts] = n.children;
      out.push(moveEl(main, numbered));
      numbered = false;
      for (const alt of alts) {
        const inner = [moveEl(alt, true)];
        line(alt, inner, depth + 1, false);
        out.push(h(depth === 0 ? 'div' : 'span', { class: 'variation', 'data-variation': alt.id }, '(', ...inner, ')'));
        numbered = true;
      }
      n = main;
    }
  };
  const out = [];
  line(tree.root, out, 0, true);
  if (!out.length) out.push(h('p', { class: 'muted small' }, t('analysis-no-moves')));
  box.append(...out);
  return box;
}
