// Shiamgon boards, true to shape: the same geometry as the engine's SVG
// drawing (crates/shiamgon/src/svg.rs). Board units: a disc ring is 1 wide
// and the centre disc has radius 1; a triangle's small side is 1. y points
// down; angles grow counterclockwise from "right".

/** Ring layouts: [fields, first boundary angle in degrees] from the centre out. */
const DISCS = {
  disc5: [[3, 0], [6, 30], [15, 12], [30, 6], [60, 3]],
  disc10: [[3, 0], [3, 60], [6, 30], [6, 0], [15, 6], [15, 18], [30, 0], [30, 6], [60, 3], [60, 0]],
};
const TRIANGLES = { tri8: 8, tri16: 16 };

const f4 = (x) => Number(x.toFixed(4));

function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [r * Math.cos(a), -r * Math.sin(a)];
}

function lattice(row, k) {
  return [k - row / 2, (row * Math.sqrt(3)) / 2];
}

/**
 * The fields of a board: `{name, path, cx, cy, r}` each (`r`: how large a
 * stone may be), plus the drawing extent `[x, y, w, h]`.
 */
export function boardGeometry(kind) {
  const fields = [];
  if (TRIANGLES[kind]) {
    const n = TRIANGLES[kind];
    for (let row = 0; row < n; row++) {
      for (let index = 0; index <= 2 * row; index++) {
        const k = Math.floor(index / 2);
        const corners = index % 2 === 0
          ? [[row, k], [row + 1, k], [row + 1, k + 1]]
          : [[row, k], [row + 1, k + 1], [row, k + 1]];
        const p = corners.map(([r, c]) => lattice(r, c));
        const cx = (p[0][0] + p[1][0] + p[2][0]) / 3;
        const cy = (p[0][1] + p[1][1] + p[2][1]) / 3;
        fields.push({
          name: `${row}.${index}`,
          path: `M${f4(p[0][0])} ${f4(p[0][1])}L${f4(p[1][0])} ${f4(p[1][1])}L${f4(p[2][0])} ${f4(p[2][1])}Z`,
          cx, cy, r: 0.2,
        });
      }
    }
    return { fields, extent: [-n / 2, 0, n, (n * Math.sqrt(3)) / 2], triangle: true };
  }
  const rings = DISCS[kind];
  if (!rings) throw new Error(`unknown board ${kind}`); // i18n-ok: for developers
  fields.push({ name: '0.0', path: 'M1 0A1 1 0 1 0 -1 0A1 1 0 1 0 1 0Z', cx: 0, cy: 0, r: 0.38 });
  rings.forEach(([count, phi], i) => {
    const ring = i + 1;
    const step = 360 / count;
    for (let idx = 0; idx < count; idx++) {
      const start = phi + idx * step;
      const end = start + step;
      const [r0, r1] = [ring, ring + 1];
      const large = end - start > 180 ? 1 : 0;
      const [x0, y0] = polar(r0, start);
      const [x1, y1] = polar(r1, start);
      const [x2, y2] = polar(r1, end);
      const [x3, y3] = polar(r0, end);
      // Increasing angle is counterclockwise on screen: sweep flag 0.
      const path = `M${f4(x0)} ${f4(y0)}L${f4(x1)} ${f4(y1)}A${r1} ${r1} 0 ${large} 0 ${f4(x2)} ${f4(y2)}L${f4(x3)} ${f4(y3)}A${r0} ${r0} 0 ${large} 1 ${f4(x0)} ${f4(y0)}Z`;
      const rm = ring + 0.5;
      const [cx, cy] = polar(rm, (start + end) / 2);
      const halfArc = rm * Math.sin((step * Math.PI) / 360);
      fields.push({ name: `${ring}.${idx}`, path, cx, cy, r: Math.min(0.36, 0.8 * halfArc) });
    }
  });
  const R = rings.length + 1;
  return { fields, extent: [-R, -R, 2 * R, 2 * R], triangle: false };
}

/** Reads the engine's position text (see crates/shiamgon/src/text.rs). */
export function parsePosition(text) {
  const w = (text || '').trim().split(/\s+/);
  const out = { board: w[1], players: Number(w[2]), turn: 1, placements: 0, stones: [], prisoners: [], push: null };
  for (let i = 3; i < w.length; i++) {
    const key = w[i];
    const val = w[i + 1];
    if (key === 'turn') out.turn = Number(val);
    else if (key === 'placements') out.placements = Number(val);
    else if (key === 'stones') out.stones = val.split('/').map((x) => (x === '-' ? [] : x.split(',')));
    else if (key === 'prisoners') out.prisoners = val.split('/').map((x) => x.split(',').map(Number));
    else if (key === 'push') out.push = val;
    else continue;
    i++;
  }
  return out;
}
