import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../features/auth/AccountSlot', () => ({ default: () => null }));
const { default: Header } = await import('./Header');

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('Header', () => {
  it('takes the scrolled style only past 40 px', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const header = screen.getByTestId('site-header');
    expect(header).not.toHaveClass('is-scrolled');
    scrollTo(40);
    expect(header).not.toHaveClass('is-scrolled');
    scrollTo(41);
    expect(header).toHaveClass('is-scrolled');
    scrollTo(0);
    expect(header).not.toHaveClass('is-scrolled');
  });

  it('opens and closes the search popup, closing on Escape', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search courses' }));
    const input = screen.getByPlaceholderText('Search courses, topics...');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByPlaceholderText('Search courses, topics...')).toBeNull();
  });
});
