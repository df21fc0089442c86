declare module "*.md" {
  import type { ComponentType } from "react";

  const Content: ComponentType;
  export default Content;
}
