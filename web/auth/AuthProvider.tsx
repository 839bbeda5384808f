import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { SessionUser } from '@common/schemas/auth';
import { api, onUnauthorized } from '../api/client';

export interface AuthState {
  user: SessionUser | null;
  isLoggedIn: boolean;
  loading: boolean;
  /** Takes the reply of a sign-in (or profile completion); a reply without a user clears the state. */
  login(reply: unknown): void;
  logout(): Promise<void>;
  /** Re-reads the signed-in user, e.g. after a profile edit. */
  refresh(): Promise<void>;
  /** Forgets the user without a call, e.g. after a password change ended the session. */
  clear(): void;
}

const AuthContext = createContext<AuthState | null>(null);

/** The auth check: the signed-in user, or null on any failure ('Authentication failed' or the server's message). */
function fetchSessionUser(): Promise<SessionUser | null> {
  return api
    .get<{ user?: SessionUser }>('/auth/me', 'Authentication failed')
    .then((reply) => reply?.user ?? null)
    .catch(() => null);
}

/**
 * Auth state: the auth check runs at startup; success stores the user, failure clears it;
 * loading ends either way.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    setUser(await fetchSessionUser());
    setLoading(false);
  }, []);

  useEffect(() => {
    let live = true;
    void fetchSessionUser().then((found) => {
      if (!live) return;
      // The page that the answer reveals is rendered in slices, like the first render.
      startTransition(() => {
        setUser(found);
        setLoading(false);
      });
    });
    return () => {
      live = false;
    };
  }, []);

  // A session the server ended (deactivation, e-mail change, sign-out elsewhere) signs this tab out on its next call.
  useEffect(() => onUnauthorized(() => setUser(null)), []);

  const login = useCallback((reply: unknown) => {
    const candidate = (reply as { user?: SessionUser } | null)?.user;
    if (candidate && typeof candidate === 'object' && candidate.id) {
      setUser(candidate);
    } else {
      console.error('Invalid login response');
      setUser(null);
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout', undefined, 'Could not sign out');
    } finally {
      // Signing out reloads the page and goes home, so no state of the old session survives.
      window.location.assign('/');
    }
  }, []);

  const clear = useCallback(() => setUser(null), []);

  const value = useMemo<AuthState>(
    () => ({ user, isLoggedIn: user !== null, loading, login, logout, refresh, clear }),
    [user, loading, login, logout, refresh, clear],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used within an AuthProvider');
  return state;
}
