/** Types of eslint.zones.js, for the test that plants files in each zone. */
interface Zone {
  target: string;
  from: string[];
  except?: string[];
  message: string;
}

export function featureNames(): string[];
export function moduleNames(): string[];
export const MODULE_PUBLIC_FILES: Record<string, string[]>;
export function webZones(): Zone[];
export const sharedZones: Zone[];
export function serverZones(options?: { tests?: boolean }): Zone[];
