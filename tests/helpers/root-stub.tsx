import { createRoutesStub, data } from "react-router";
import { ErrorBoundary } from "../../app/root.tsx";

/**
 * The root route for a signed-in person (its loader's data, the root's error boundary) over a
 * product page whose loader answers 404: rendered at /hub/watch/gone, it shows the 404 page in
 * the full header.
 */
export function signedInMissingProductStub() {
  return createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({
        viewer: { id: "u1", email: "a@example.test", name: "Ada" },
        publicEnv: {},
        flash: null,
      }),
      ErrorBoundary,
      children: [
        {
          path: "hub/watch/:id",
          loader: () => {
            throw data("No such product in your hub.", { status: 404 });
          },
          Component: () => null,
        },
      ],
    },
  ]);
}
