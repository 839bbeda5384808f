import { Suspense, useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { paths } from '../paths';
import { PageState } from '../ui/PageState';
import styles from './shell.module.css';

/** The page shell: top bar, the routed page, and a scroll to the top on every route change. */
export function AppLayout() {
  const { isLoggedIn, logout } = useAuth();
  const { pathname } = useLocation();
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname]);

  return (
    <>
      <header className={styles.topbar}>
        <div className={styles.inner}>
          <Link to={paths.home} className={styles.brand}>
            <img src="/favicon.svg" alt="" width={32} height={32} /> Math Academy
          </Link>
          <nav aria-label="Main" className={styles.nav}>
            <NavLink to={paths.home} end>Home</NavLink>
            {isLoggedIn ? <NavLink to={paths.dashboard}>Dashboard</NavLink> : null}
            <NavLink to={paths.about}>About</NavLink>
            <NavLink to={paths.courses}>Courses</NavLink>
            <NavLink to={paths.contact}>Contact</NavLink>
          </nav>
          <div className={styles.actions}>
            {isLoggedIn ? (
              <button type="button" className={styles.linkButton} onClick={() => void logout()}>
                Logout
              </button>
            ) : (
              <>
                <Link to={paths.signin}>Log In</Link>
                <Link to={paths.signup} className={styles.primaryLink}>Get Started</Link>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main">
        <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
