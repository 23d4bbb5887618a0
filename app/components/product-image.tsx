import { useState } from "react";

/** A store's product picture, loaded straight from the store; a placeholder when it fails. */
export function ProductImage({ src, className }: { src: string | null; className?: string }) {
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
      loading="lazy"
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
