/**
 * The figures of the demo questions, drawn at seed time. They carry no text: the question names every measure,
 * and the picture shows the shape.
 */
import { Canvas, type Rgb } from '../../lib/png';

const INK: Rgb = [27, 31, 59];
const PRIMARY: Rgb = [47, 63, 184];
const SOFT: Rgb = [232, 235, 251];
const ACCENT: Rgb = [255, 181, 71];
const GRID: Rgb = [200, 205, 225];

/** A right triangle with legs 6 and 8 (drawn 30 px a unit) and its right-angle mark. */
function rightTriangle(): Buffer {
  const c = new Canvas(320, 300);
  const a: [number, number] = [40, 260];
  const b: [number, number] = [280, 260];
  const top: [number, number] = [40, 80];
  c.polygon([a, b, top], SOFT);
  c.outline([a, b, top], 4, PRIMARY);
  c.outline(
    [
      [40, 236],
      [64, 236],
      [64, 260],
    ],
    2.5,
    INK,
  );
  return c.png();
}

/** A 3 by 4 grid with 5 of its 12 squares shaded. */
function shadedGrid(): Buffer {
  const c = new Canvas(340, 260);
  const size = 70;
  const shaded = new Set([0, 1, 4, 5, 8]);
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      const x = 30 + col * size;
      const y = 25 + row * size;
      c.rect(x, y, size, size, shaded.has(row * 4 + col) ? ACCENT : [255, 255, 255]);
      c.outline(
        [
          [x, y],
          [x + size, y],
          [x + size, y + size],
          [x, y + size],
        ],
        3,
        INK,
      );
    }
  }
  return c.png();
}

/** A bar chart of four bars with heights 3, 5, 2 and 6 over a grid of unit lines. */
function barChart(): Buffer {
  const c = new Canvas(360, 280);
  const unit = 35;
  const base = 250;
  for (let k = 0; k <= 6; k++) c.line(40, base - k * unit, 340, base - k * unit, 1.5, GRID);
  [3, 5, 2, 6].forEach((h, i) => c.rect(60 + i * 72, base - h * unit, 48, h * unit, i % 2 ? ACCENT : PRIMARY));
  c.line(40, base, 340, base, 3, INK);
  c.line(40, base, 40, base - 6.4 * unit, 3, INK);
  return c.png();
}

/** A circle cut into 8 equal sectors with 3 of them shaded. */
function pie(): Buffer {
  const c = new Canvas(280, 280);
  c.circle(140, 140, 115, INK);
  c.circle(140, 140, 112, [255, 255, 255]);
  c.circle(140, 140, 112, ACCENT, 0, (3 * Math.PI) / 4);
  for (let k = 0; k < 8; k++) {
    const angle = (k * Math.PI) / 4;
    c.line(140, 140, 140 + 112 * Math.cos(angle), 140 + 112 * Math.sin(angle), 2.5, INK);
  }
  return c.png();
}

/** A number line from 0 to 2 with a tick every quarter and a point at 5/4 (the point stands on the sixth tick). */
function numberLine(): Buffer {
  const c = new Canvas(420, 120);
  c.line(30, 60, 390, 60, 3, INK);
  for (let k = 0; k <= 8; k++) {
    const x = 40 + k * 42.5;
    c.line(x, k % 4 === 0 ? 38 : 46, x, k % 4 === 0 ? 82 : 74, k % 4 === 0 ? 3.5 : 2, INK);
  }
  c.circle(40 + 5 * 42.5, 60, 10, ACCENT);
  c.circle(40 + 5 * 42.5, 60, 5, PRIMARY);
  return c.png();
}

/** An L-shaped floor: a 10 by 4 strip with a 4 by 6 strip standing on its left end (20 px a unit). */
function lShape(): Buffer {
  const c = new Canvas(280, 260);
  const u = 20;
  const pts: Array<[number, number]> = [
    [30, 30],
    [30 + 4 * u, 30],
    [30 + 4 * u, 30 + 6 * u],
    [30 + 10 * u, 30 + 6 * u],
    [30 + 10 * u, 30 + 10 * u],
    [30, 30 + 10 * u],
  ];
  c.polygon(pts, SOFT);
  c.outline(pts, 4, PRIMARY);
  return c.png();
}

export const FIGURES = { rightTriangle, shadedGrid, barChart, pie, numberLine, lShape } as const;
export type FigureName = keyof typeof FIGURES;
