import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import type { Category } from '@upskill/domain/common';
import { coursesPath, paths } from '../../config/paths';
import { useEscapeKey } from '../../lib/useEscapeKey';
import { useOnNavigation, useOpenUntilNavigation } from '../../lib/useOnNavigation';

/** Each entry opens the catalogue filtered to the category it names. */
const COURSE_MENU: readonly { label: string; category: Category }[] = [
  { label: 'Web Development', category: 'Web & App' },
  { label: 'Data Science', category: 'AI & Data' },
  { label: 'UI/UX Design', category: 'Design & Creative' },
];

/**
 * The header's Courses entry: a link to the catalogue and a dropdown that opens on hover, or stays
 * open once toggled by its button (keyboard and touch). Escape closes it before anything else.
 */
export function CoursesMenu({ onNavigate }: { onNavigate: () => void }) {
  const [hover, setHover] = useState(false);
  const [pinned, setPinned] = useOpenUntilNavigation();
  const open = hover || pinned;
  const dropdownId = useId();
  const close = () => {
    setHover(false);
    setPinned(false);
  };
  // The pointer has left for another page by the time it commits; a pinned dropdown closes by itself.
  useOnNavigation(() => setHover(false));

  // First, so the same Escape does not also close the mobile menu around it.
  useEscapeKey(open, close, { first: true });

  return (
    <li className="nav__item--dropdown" onMouseEnter={() => setHover(true)} onMouseLeave={() => setHover(false)}>
      <span className="nav__split">
        <NavLink className="nav__link" to={paths.courses}>
          Courses
        </NavLink>
        <button
          type="button"
          className="icon-btn"
          aria-expanded={open}
          aria-controls={dropdownId}
          aria-label="Course categories"
          onClick={() => setPinned(!pinned)}
        >
          <Icon name="chevron" size={16} />
        </button>
      </span>
      <ul className="dropdown" id={dropdownId} hidden={!open}>
        {COURSE_MENU.map(({ label, category }) => (
          <li key={label}>
            <Link
              to={coursesPath({ category })}
              onClick={() => {
                close();
                onNavigate();
              }}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
