const ITEM_PLACEHOLDER = "/demo/items/placeholder.svg";

/** A premium item's picture; a missing or broken image shows the placeholder (spec). */
export function ItemImage({
  src,
  alt = "",
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  className: string;
}) {
  return (
    <img
      src={src || ITEM_PLACEHOLDER}
      onError={(e) => {
        e.currentTarget.src = ITEM_PLACEHOLDER;
      }}
      alt={alt}
      className={className}
    />
  );
}
