import os from 'node:os';

import { Slots } from '../../lib/slots.ts';

export { Slots };

/**
 * Bounds how many images are decoded at once in this process (uploads and variants together): each decode
 * can take tens of MB, and libvips already uses every core for one image, so queueing costs little latency
 * while keeping memory flat when many uploads arrive together.
 */
export const imageSlots = new Slots(Math.max(2, os.availableParallelism()));
