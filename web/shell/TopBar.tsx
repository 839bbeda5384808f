import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, ShoppingCart, X } from 'lucide-react';
import { hasCart, useCartCount } from '../api/cart';
import { useAuth } from '../auth/AuthProvider';
import { paths } from '../paths';
import { Brand } from './Brand';
import { CourseSearch } from './CourseSearch';
import { useScrolled } from './useScrolled';
import styles from './TopBar.module.css';

/**
 * The cart's count: a parent's or a student's, read from the server (the cart lives there, so every device shows
 * the same) and redrawn by every change to the cart; 0 for visitors and staff, who have none.
 */
function useCartBadge(): number {
  const { user } = useAuth();
  const family = hasCart(user);
  const count = useCartCount(family);
  return family ? (count.data ?? 0) : 0;
}

function NavLinks({ isLoggedIn }: { isLoggedIn: boolean }) {
  return (
    <>
      <NavLink to={paths.home} end>
        Home
      </NavLink>
      {isLoggedIn ? <NavLink to={paths.dashboard}>Dashboard</NavLink> : null}
      <NavLink to={paths.about}>About</NavLink>
      <NavLink to={paths.courses}>Courses</NavLink>
      <NavLink to={paths.contact}>Contact</NavLink>
    </>
  );
}

function AuthActions({ isLoggedIn, logout }: { isLoggedIn: boolean; logout: () => Promise<void> }) {
  if (isLoggedIn) {
    return (
      <button type="button" className={styles.logout} onClick={() => void logout()}>
        Logout
      </button>
    );
  }
  return (
    <>
      <Link to={paths.signin} className={styles.login}>
        Log In
      </Link>
      <Link to={paths.signup} className={styles.getStarted}>
        Get Started
      </Link>
    </>
  );
}

/**
 * The top bar over every page: links, course search, cart and account actions. Below 768 px the links move
 * into a menu that locks the page's scrolling while it is open. Past 50 px of scroll the bar shrinks to 65 px.
 */
export function TopBar() {
  const { isLoggedIn, logout } = useAuth();
  const cartCount = useCartBadge();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // A new page closes the menu; adjusting state during render avoids a flash of the old menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  return (
    <header className={`${styles.topbar} ${scrolled ? styles.scrolled : ''}`} data-scrolled={scrolled}>
      <div className={styles.inner}>
        <Brand />
        <nav aria-label="Main" className={styles.nav}>
          <NavLinks isLoggedIn={isLoggedIn} />
        </nav>
        <div className={styles.search}>
          <CourseSearch />
        </div>
        <div className={styles.actions}>
          <Link to={paths.cart} className={styles.cart} aria-label={`Cart, ${cartCount} items`}>
            <ShoppingCart size={22} aria-hidden="true" />
            {/* An empty cart shows no number; the link's name still says "0 items" to screen readers. */}
            {cartCount > 0 ? (
              <span className={styles.badge} aria-hidden="true">
                {cartCount}
              </span>
            ) : null}
          </Link>
          <div className={styles.desktopOnly}>
            <AuthActions isLoggedIn={isLoggedIn} logout={logout} />
          </div>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X size={24} aria-hidden="true" /> : <Menu size={24} aria-hidden="true" />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <div id="mobile-menu" className={styles.mobileMenu}>
          <CourseSearch onNavigate={() => setMenuOpen(false)} />
          <nav aria-label="Mobile" className={styles.mobileNav}>
            <NavLinks isLoggedIn={isLoggedIn} />
          </nav>
          <div className={styles.mobileActions}>
            <AuthActions isLoggedIn={isLoggedIn} logout={logout} />
          </div>
        </div>
      ) : null}
    </header>
  );
}
