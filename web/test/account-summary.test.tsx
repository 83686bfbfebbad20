import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AccountSummary } from '@/features/account/components/account-summary';
import { player } from './helpers/users';

describe('the dashboard account card', () => {
  it('shows a long email whole, with the full value as its title (one line, ellipsis if need be)', () => {
    const email = 'a.very.long.address.for.a.phone@subdomain.example-company.co.uk';
    render(
      <MemoryRouter>
        <AccountSummary user={{ ...player, email }} />
      </MemoryRouter>,
    );
    const value = screen.getByText(email);
    expect(value.tagName).toBe('DD');
    expect(value.getAttribute('title')).toBe(email);
  });
});
