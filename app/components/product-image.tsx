import { useState } from "react";

/** The browser path of a saved product's picture, served through Dropwave (server/image-route.ts). */
export function productImagePath(productId: string): string {
  return `/img/p/${productId}`;
}

/**
 * A product picture, always from Dropwave's own /img routes (never straight from the store,
 * which would show it every visitor's address); a placeholder when it fails. Lazy by default
 * (a list of hundreds); `isMain` for the one picture a page is about (the product page's header,
 * its largest paint): fetched at once and ahead of the other requests.
 */
export function ProductImage({
  src,
  className,
  isMain = false,
}: {
  src: string | null;
  className?: string;
  isMain?: boolean;
}) {
  const [isBroken, setBroken] = useState(false);
  if (!src || isBroken) {
    return (
      <div
        className={`flex h-full w-full items-center justify-center text-2xl text-muted ${className ?? ""}`}
        aria-hidden="true"
      >
        ◢◤
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading={isMain ? "eager" : "lazy"}
      fetchPriority={isMain ? "high" : undefined}
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
      // A picture that failed before hydration fired its error with no listener yet.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0) setBroken(true);
      }}
      className={`h-full w-full object-contain ${className ?? ""}`}
    />
  );
}
