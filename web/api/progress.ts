/**
 * The progress charts' cache keys, shared: the charts are read on the dashboard, and every checked answer (the
 * learner's pages) makes them stale.
 */
export const progressKeys = {
  all: ['progress-charts'] as const,
  student: (id: string) => ['progress-charts', 'student', id] as const,
};
