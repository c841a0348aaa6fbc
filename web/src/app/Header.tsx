import { Suspense, lazy, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { Logo } from '../components/Logo';
import { useHydrated } from '../lib/useHydrated';
import { useScrolled } from '../lib/useScrolled';
import { coursesPath, paths } from '../config/paths';

// The account corner needs Firebase Auth; it loads after first paint so public pages never wait for it.
const AccountSlot = lazy(() => import('../features/auth/AccountSlot'));

const COURSE_MENU = ['Web Development', 'Data Science', 'UI/UX Design'];
const LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];

export default function Header() {
  const scrolled = useScrolled(40);
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  // The Courses dropdown opens on hover, or stays open once toggled by its button (keyboard and touch).
  const [coursesHover, setCoursesHover] = useState(false);
  const [coursesPinned, setCoursesPinned] = useState(false);
  const coursesOpen = coursesHover || coursesPinned;
  const setCoursesOpen = (open: boolean) => {
    setCoursesHover(open);
    setCoursesPinned(open);
  };
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const menuId = useId();
  const dropdownId = useId();
  const searchId = useId();
  const searchButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Any navigation closes the menus (state adjusted during render, as React recommends over an effect).
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setMenuOpen(false);
    setCoursesOpen(false);
    setSearchOpen(false);
  }

  useEffect(() => {
    if (!menuOpen && !coursesOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (coursesOpen) setCoursesOpen(false);
      else {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, coursesOpen]);

  const closeSearch = () => {
    setSearchOpen(false);
    searchButton.current?.focus();
  };

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setSearchOpen(false);
    navigate(coursesPath({ q }));
  };

  const closeAll = () => {
    setMenuOpen(false);
    setCoursesOpen(false);
    setSearchOpen(false);
  };

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`} data-testid="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav className={`nav${menuOpen ? ' is-open' : ''}`} id={menuId} aria-label="Main">
          <ul className="nav__list">
            <li>
              <NavLink className="nav__link" to={paths.home} end>
                Home
              </NavLink>
            </li>
            <li
              className="nav__item--dropdown"
              onMouseEnter={() => setCoursesHover(true)}
              onMouseLeave={() => setCoursesHover(false)}
            >
              <span className="nav__split">
                <NavLink className="nav__link" to={paths.courses}>
                  Courses
                </NavLink>
                <button
                  type="button"
                  className="icon-btn"
                  aria-expanded={coursesOpen}
                  aria-controls={dropdownId}
                  aria-label="Course categories"
                  onClick={() => setCoursesPinned(!coursesPinned)}
                >
                  <Icon name="chevron" size={16} />
                </button>
              </span>
              <ul className="dropdown" id={dropdownId} hidden={!coursesOpen}>
                {COURSE_MENU.map((label) => (
                  <li key={label}>
                    <Link to={paths.courses} onClick={closeAll}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
            {LINKS.slice(1).map((link) => (
              <li key={link.to}>
                <NavLink className="nav__link" to={link.to}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
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
          <div className="account-slot" data-testid="account-slot">
            {hydrated && (
              <Suspense fallback={null}>
                <AccountSlot onNavigate={closeAll} />
              </Suspense>
            )}
          </div>
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
        {searchOpen && (
          <div className="search-popup" id={searchId} role="search">
            <form onSubmit={submitSearch} onKeyDown={(event) => event.key === 'Escape' && closeSearch()}>
              <label className="visually-hidden" htmlFor={`${searchId}-input`}>
                Search courses
              </label>
              <input
                id={`${searchId}-input`}
                name="q"
                type="search"
                placeholder="Search courses, topics..."
                autoFocus
                autoComplete="off"
              />
              <button type="submit" className="btn btn--primary btn--sm">
                Search
              </button>
              <button type="button" className="icon-btn" aria-label="Close search" onClick={closeSearch}>
                <Icon name="close" />
              </button>
            </form>
          </div>
        )}
      </div>
    </header>
  );
}
