import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon } from './Icon';
import { Stars } from './Stars';

/** The corners of each closed shape of a path (M, L, l and z only, as the icon set's star uses), in absolute units. */
function shapes(d: string): [number, number][][] {
  const out: [number, number][][] = [];
  let x = 0;
  let y = 0;
  let command = 'M';
  const tokens = d.match(/[MLlz]|-?\d*\.?\d+/g) ?? [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i];
    if (/[MLlz]/.test(token)) {
      command = token;
      i += 1;
      if (token === 'z') continue;
    }
    const [a, b] = [Number(tokens[i]), Number(tokens[i + 1])];
    i += 2;
    if (command === 'M') {
      [x, y] = [a, b];
      out.push([]);
      command = 'L';
    } else if (command === 'L') [x, y] = [a, b];
    else [x, y] = [x + a, y + b];
    out.at(-1)!.push([Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
  }
  return out;
}

const pathsOf = (container: HTMLElement) => [...container.querySelectorAll('path')];

describe('Stars', () => {
  it('draws the icon set’s star five times, 16 px apart plus a 2 px gap, lit up to the rounded rating', () => {
    const { container } = render(<Stars rating={4.4} />);
    expect(screen.getByRole('img', { name: 'Rated 4.4 out of 5' })).toHaveTextContent('4.4');
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('88');
    expect(svg.getAttribute('viewBox')).toBe('0 0 132 24');
    const [lit, unlit] = pathsOf(container);
    expect(lit).toHaveClass('star--on');
    expect(unlit).not.toHaveClass('star--on');

    const icon = render(<Icon name="star" />)
      .container.querySelector('path')!
      .getAttribute('d')!;
    const [one] = shapes(icon);
    const drawn = [...shapes(lit.getAttribute('d')!), ...shapes(unlit.getAttribute('d')!)];
    expect(drawn).toHaveLength(5);
    // 27 units apart: 24 for a 16 px icon, 3 for the 2 px gap the five icons had between them.
    drawn.forEach((shape, i) => expect(shape).toEqual(one.map(([x, y]) => [Math.round((x + 27 * i) * 10) / 10, y])));
    expect(shapes(lit.getAttribute('d')!)).toHaveLength(4);
  });

  it('lights all five at 4.5 and above, and none below 0.5', () => {
    const five = render(<Stars rating={4.6} />).container;
    expect(pathsOf(five)).toHaveLength(1);
    expect(pathsOf(five)[0]).toHaveClass('star--on');
    expect(shapes(pathsOf(five)[0].getAttribute('d')!)).toHaveLength(5);
    const none = render(<Stars rating={0.2} />).container;
    expect(pathsOf(none)).toHaveLength(1);
    expect(pathsOf(none)[0]).not.toHaveClass('star--on');
  });
});
