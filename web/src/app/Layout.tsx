import { LazyMotion, MotionConfig, m } from 'motion/react';
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import Header from './Header';
import Footer from './Footer';

const loadMotionFeatures = () => import('./motionFeatures').then((mod) => mod.default);

export default function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The first page appears at once (no fade on the LCP); later route changes fade and slide in 0.3 s.
  const firstRender = useRef(true);
  useEffect(() => {
    firstRender.current = false;
  }, []);

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
          initial={firstRender.current ? false : { opacity: 0, y: 12 }}
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
