import { Component, type ReactNode } from "react";

/**
 * Shows `fallback` in place of `children` once they threw (while rendering or in an effect).
 * The root's error boundary puts it around the full header it shows on a 404: an error thrown
 * there would otherwise make React Router render that same boundary again, forever (seen in
 * jsdom, where the theme switch's matchMedia is missing: the tab grew to its heap limit).
 */
export class FallbackOnError extends Component<
  { children: ReactNode; fallback: ReactNode },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override render(): ReactNode {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
