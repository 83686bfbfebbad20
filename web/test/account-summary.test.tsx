import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AccountSummary } from '@/features/account/components/account-summary';
import { player } from './helpers/users';

describe('the dashboard account card', () => {
  it('shows a long email whole, breakable only at its dots and @, with the full value as its title', () => {
    const email = 'a.very.long.address.for.a.phone@subdomain.example-company.co.uk';
    render(
      <MemoryRouter>
        <AccountSummary user={{ ...player, email }} />
      </MemoryRouter>,
    );
    const value = screen.getByText(email);
    expect(value.tagName).toBe('DD');
    expect(value.getAttribute('title')).toBe(email);
    // On a phone it may wrap only before the '@' and the dots, never inside a word.
    expect(value.innerHTML).toBe(
      'a<wbr>.very<wbr>.long<wbr>.address<wbr>.for<wbr>.a<wbr>.phone<wbr>@subdomain<wbr>.example-company<wbr>.co<wbr>.uk',
    );
  });
});
