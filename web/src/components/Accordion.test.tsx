import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './Accordion';

const items = [
  { question: 'First?', answer: 'One' },
  { question: 'Second?', answer: 'Two' },
  { question: 'Third?', answer: 'Three' },
];

describe('Accordion', () => {
  it('keeps at most one item open and closes the open item when clicked again', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    const [first, second] = screen.getAllByRole('button');
    expect(screen.queryByText('One')).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('One')).toBeVisible();

    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('One')).not.toBeVisible();
    expect(screen.getByText('Two')).toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Two')).not.toBeVisible();
  });

  it('is operable by keyboard', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('button')[0]).toHaveAttribute('aria-expanded', 'true');
  });
});
