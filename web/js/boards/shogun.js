// Shogun: 8×8, every piece shows its number, each destination the number
// the piece will show there; a Shogun under attack is marked.
// Filled in once the server's Shogun state is known (see docs/api.md).

import { s } from '../dom.js';

export class ShogunBoard {
  constructor(container) { this.container = container; }
  update(view) {
    this.container.replaceChildren(s('svg', { class: 'board shogun', viewBox: '0 0 100 20' },
      s('text', { x: 50, y: 12, 'text-anchor': 'middle', 'font-size': 6 }, view.position)));
  }
}
