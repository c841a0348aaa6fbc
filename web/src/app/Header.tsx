import { Suspense, useId, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { GuestLinks } from '../components/GuestLinks';
import { Icon } from '../components/Icon';
import { Logo } from '../components/Logo';
import { useHydrated } from '../lib/useHydrated';
import { useSessionHint } from '../lib/sessionHint';
import { useScrolled } from '../lib/useScrolled';
import { useEscapeKey } from '../lib/useEscapeKey';
import { useOpenUntilNavigation } from '../lib/useOnNavigation';
import { paths } from '../config/paths';
import { CoursesMenu } from './header/CoursesMenu';
import { SearchPopup } from './header/SearchPopup';

// The account corner needs Firebase Auth; it loads after first paint so public pages never wait for it.
import { AccountSlot } from '../features/auth/index.lazy';

// After Home and Courses.
const LINKS = [
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];

export default function Header() {
  const scrolled = useScrolled(40);
  const hydrated = useHydrated();
  const signedIn = useSessionHint();
  // A navigation closes both, unless they were opened while its page was loading.
  const [menuOpen, setMenuOpen] = useOpenUntilNavigation();
  const [searchOpen, setSearchOpen] = useOpenUntilNavigation();
  const menuId = useId();
  const searchId = useId();
  const searchButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEscapeKey(menuOpen, () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  });

  const closeSearch = (restoreFocus: boolean) => {
    setSearchOpen(false);
    if (restoreFocus) searchButton.current?.focus();
  };

  const closeAll = () => {
    setMenuOpen(false);
    setSearchOpen(false);
  };

  return (
    <header
      className={`site-header${scrolled ? ' is-scrolled' : ''}${hydrated && signedIn ? ' site-header--signed-in' : ''}`}
      data-testid="site-header"
    >
      <div className="container site-header__inner">
        <Logo />
        <nav className={`nav${menuOpen ? ' is-open' : ''}`} id={menuId} aria-label="Main">
          <ul className="nav__list">
            <li>
              <NavLink className="nav__link" to={paths.home} end>
                Home
              </NavLink>
            </li>
            <CoursesMenu onNavigate={closeAll} />
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink className="nav__link" to={link.to}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {/* Below 1024 px the header has room for Login only: the menu offers both (CSS shows them there). */}
            {hydrated && !signedIn && (
              <li className="nav__guest">
                <GuestLinks onNavigate={closeAll} size="md" />
              </li>
            )}
            {/* Below 480 px the bar keeps search and the menu button only: My Courses, the account and Log out move here. */}
            {hydrated && signedIn && (
              <li className="nav__account">
                <Suspense fallback={null}>
                  <AccountSlot onNavigate={closeAll} placement="menu" />
                </Suspense>
              </li>
            )}
          </ul>
        </nav>
        <div className="header-actions">
          <div className="account-slot" data-testid="account-slot">
            {hydrated && (
              <Suspense fallback={null}>
                <AccountSlot onNavigate={closeAll} />
              </Suspense>
            )}
          </div>
          {/* Search sits right of the account corner, which fills in after hydration (Login and Sign up, or the
              avatar): the corner grows leftwards and the search and menu buttons never move under a finger. */}
          <button
            ref={searchButton}
            type="button"
            className="icon-btn"
            aria-expanded={searchOpen}
            aria-controls={searchId}
            aria-label="Search courses"
            onClick={() => setSearchOpen((open) => !open)}
          >
            <Icon name="search" />
          </button>
          <button
            ref={menuButton}
            type="button"
            className="icon-btn hamburger"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
          </button>
        </div>
        {searchOpen && <SearchPopup id={searchId} onClose={closeSearch} />}
      </div>
    </header>
  );
}
