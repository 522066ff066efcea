// Connected pieces of ink on a grayscale page, found from runs of dark pixels row by row (8-connected):
// their boxes tell how big the page's letters are, and, on a light region, which pieces are text.

export interface InkBox {
  x0: number;
  y0: number;
  /** Exclusive right and bottom edges. */
  x1: number;
  y1: number;
  /** Pixels of the piece. */
  area: number;
}

/**
 * Boxes of the connected pieces of pixels for which `isInk(value)` holds, within the rectangle
 * (whole image by default). Pieces of fewer than `minArea` pixels are left out.
 */
export function inkBoxes(data: Uint8Array, width: number, isInk: (value: number) => boolean, rect: { x: number; y: number; width: number; height: number }, minArea = 1): InkBox[] {
  const parent: number[] = [];
  const box: InkBox[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  // Runs of the previous row: start, end (exclusive), label.
  let prev: number[] = [];
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const row = y * width;
    const cur: number[] = [];
    let p = 0;
    for (let x = rect.x; x < rect.x + rect.width; ) {
      if (!isInk(data[row + x])) {
        x++;
        continue;
      }
      const start = x;
      while (x < rect.x + rect.width && isInk(data[row + x])) x++;
      let label = -1;
      // Previous runs touching this one, diagonals included.
      while (p < prev.length && prev[p + 1] < start) p += 3;
      for (let q = p; q < prev.length && prev[q] <= x; q += 3) {
        if (label < 0) label = find(prev[q + 2]);
        else union(label, prev[q + 2]);
      }
      if (label < 0) {
        label = parent.length;
        parent.push(label);
        box.push({ x0: start, y0: y, x1: x, y1: y + 1, area: 0 });
      }
      const b = box[label];
      b.x0 = Math.min(b.x0, start);
      b.x1 = Math.max(b.x1, x);
      b.y1 = y + 1;
      b.area += x - start;
      cur.push(start, x, label);
    }
    prev = cur;
  }
  // Merge the boxes of joined labels into their roots.
  const out = new Map<number, InkBox>();
  for (let i = 0; i < parent.length; i++) {
    const r = find(i);
    const b = box[i];
    const o = out.get(r);
    if (!o) out.set(r, { ...b });
    else {
      o.x0 = Math.min(o.x0, b.x0);
      o.y0 = Math.min(o.y0, b.y0);
      o.x1 = Math.max(o.x1, b.x1);
      o.y1 = Math.max(o.y1, b.y1);
      o.area += b.area;
    }
  }
  return [...out.values()].filter((b) => b.area >= minArea);
}
