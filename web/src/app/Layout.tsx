import { LazyMotion, MotionConfig, m } from 'motion/react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import Header from './Header';
import Footer from './Footer';

const loadMotionFeatures = () => import('./motionFeatures').then((mod) => mod.default);

export default function Layout() {
  const { pathname, key } = useLocation();
  const navigation = useNavigation();
  // The first page (location key 'default') appears at once, so the LCP is not faded in;
  // later route changes fade and slide in 0.3 s.
  const firstPage = key === 'default';

  return (
    <LazyMotion features={loadMotionFeatures} strict>
      <MotionConfig reducedMotion="user">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <m.main
          id="main"
          key={pathname}
          tabIndex={-1}
          aria-busy={navigation.state === 'loading'}
          initial={firstPage ? false : { opacity: 0, y: 12 }}
          animate={{ opacity: 1, y: 0 }}
          transition={{ duration: 0.3, ease: 'easeOut' }}
        >
          <Outlet />
        </m.main>
        <Footer />
        <ScrollRestoration />
      </MotionConfig>
    </LazyMotion>
  );
}
