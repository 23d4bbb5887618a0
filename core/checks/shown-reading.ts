/** A watch's own latest reading (its owner's browser saw it, 0048). */
export type OwnReading = {
  priceMinor: number | null;
  currency: string | null;
  availability: string;
  lastSeenAt: Date;
};

/**
 * The price and stock a watch shows: the product's (the server's last successful check), or
 * the watch's own browser reading when that is newer. Another person's readings never count.
 * Pure; the hub, the product page, a group's page and the group alert all take it from here.
 */
export function shownReading(
  p: {
    priceMinor: number | null;
    currency: string | null;
    availability: string;
    lastSuccessAt: Date | null;
  },
  own: OwnReading | undefined,
): { priceMinor: number | null; currency: string | null; availability: string; isOwn: boolean } {
  if (own && (p.lastSuccessAt === null || own.lastSeenAt.getTime() > p.lastSuccessAt.getTime())) {
    return {
      priceMinor: own.priceMinor,
      currency: own.currency,
      availability: own.availability,
      isOwn: true,
    };
  }
  return {
    priceMinor: p.priceMinor,
    currency: p.currency,
    availability: p.availability,
    isOwn: false,
  };
}
