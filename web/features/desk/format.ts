/** When something reached the desk, as an admin reads it: "Nov 3, 2026, 4:05 PM". */
export const receivedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A day as an admin reads it in a dense table: "Nov 3, 2026". */
export const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
