import Image from "next/image";

import type { PostMetadata } from "./posts";

/** An article's thumbnail, served at the right width through the image optimiser. */
export function PostThumbnail({
  metadata,
  sizes,
  priority = false,
  className,
}: {
  metadata: PostMetadata;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <Image
      src={metadata.thumbnail}
      alt={metadata.thumbnailAlt}
      width={1200}
      height={675}
      sizes={sizes}
      priority={priority}
      className={className}
    />
  );
}
