/** When a link made now stops working (INVITATION_TTL_HOURS). */
export const invitationExpiry = (ttlHours: number, from = new Date()): Date =>
  new Date(from.getTime() + ttlHours * 3_600_000);
