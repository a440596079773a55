// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DayChart } from '../../src/insights/day-chart';

const BAR = '#123456';
const LINE = '#654321';
const days = [
  { key: 'd1', label: '1 Jan' },
  { key: 'd2', label: '2 Jan', shaded: true },
  { key: 'd3', label: '3 Jan', marked: true },
];
const draw = (over: Partial<Parameters<typeof DayChart>[0]> = {}) =>
  renderToString(
    <DayChart
      days={days}
      bars={{ values: [50, null, 100], top: 100, color: BAR }}
      line={{ values: [200, null, 400], top: 400, color: LINE }}
      left={{ steps: [0, 50, 100], unit: '%' }}
      right={{ steps: [0, 200, 400] }}
      height={200}
      label="Nights"
      dayInWords={(i) => `day ${i} in words`}
      {...over}
    />,
  );

describe('a day chart, as the server draws it', () => {
  it('draws a bar for each day with a value, the line through the days that have one, shaded and marked days', () => {
    const html = draw();
    expect(html.match(new RegExp(`fill="${BAR}"`, 'g'))).toHaveLength(2);
    expect(html).toMatch(/<rect x="0\.15\d*" y="50" width="0\.7" height="50"/);
    expect(html).toMatch(/<rect x="2\.15\d*" y="0" width="0\.7" height="100"/);
    expect(html).toContain('points="0.5,50 2.5,0"');
    expect(html.match(/class="day-chart-mark"/g)).toHaveLength(1);
    expect(html).toContain('<rect x="1" y="0" width="1" height="100" fill="#f1f5f9"');
    expect(html).toContain('>50%</span>');
    expect(html).toContain('>400</span>');
  });

  it('is a slider over the days, reading out the first until another is chosen', () => {
    const html = draw();
    expect(html).toContain('role="slider"');
    expect(html).toContain('aria-valuemax="2"');
    expect(html).toContain('aria-valuetext="day 0 in words"');
    expect(html).not.toContain('day-chart-readout');
  });

  it('has no slider and no right axis where there are no days and no line', () => {
    const html = draw({ days: [], bars: { values: [], top: 1, color: BAR }, line: undefined, right: undefined });
    expect(html).not.toContain('role="slider"');
    expect(html).not.toContain('day-chart-axis--right');
  });
});

afterEach(cleanup);

describe('a day chart in the browser', () => {
  it('moves along the days with the keys, and reads out the one chosen', () => {
    render(
      <DayChart
        days={days}
        bars={{ values: [50, null, 100], top: 100, color: BAR }}
        left={{ steps: [0, 100] }}
        height={200}
        label="Nights"
        dayInWords={(i) => `day ${i} in words`}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Nights' });
    fireEvent.focus(slider);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('1');
    expect(document.querySelector('.day-chart-readout')?.textContent).toBe('day 1 in words');
    fireEvent.keyDown(slider, { key: 'End' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuetext')).toBe('day 2 in words');
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    expect(slider.getAttribute('aria-valuenow')).toBe('1');
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.blur(slider);
    expect(document.querySelector('.day-chart-readout')).toBeNull();
  });
});
