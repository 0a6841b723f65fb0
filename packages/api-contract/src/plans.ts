import { planIds } from '@launchkit/plans';
import { z } from 'zod';

/** The plan ids of the catalogue (packages/plans). */
export const planId = z.enum(planIds);
