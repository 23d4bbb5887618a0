/**
 * What an error page says, from its HTTP status alone. Pages never show the thrown value's
 * text: React Router's own errors name route files (a 405 says which module has no action)
 * and a failed data request carries the server's raw response body.
 */
export type ErrorText = { title: string; description: string };

const TRY_AGAIN = "Try again in a moment; if it keeps happening, tell whoever runs this Dropwave.";

const byStatus: Record<number, ErrorText> = {
  400: {
    title: "That request did not work",
    description: "Something in it was not what this page expects. Go back and try again.",
  },
  401: {
    title: "Please sign in",
    description: "Your session has ended. Sign in again to carry on.",
  },
  403: {
    title: "Not allowed",
    description: "Your account cannot open this page.",
  },
  404: {
    title: "Page Not Found",
    description: "The link may be old, or the address mistyped.",
  },
  405: {
    title: "That did not work",
    description: "This page cannot do what was asked. Go back and use the page's own buttons.",
  },
  408: { title: "That took too long", description: TRY_AGAIN },
  409: {
    title: "Something changed meanwhile",
    description: "The page changed while you were on it. Reload it and try again.",
  },
  413: {
    title: "That is too large",
    description: "What you sent is larger than this Dropwave accepts.",
  },
  429: {
    title: "Too many requests",
    description: "Slow down a little and try again in a minute.",
  },
  503: { title: "Dropwave is busy", description: TRY_AGAIN },
};

const SERVER_FAULT: ErrorText = {
  title: "Something went wrong on our side",
  description: TRY_AGAIN,
};
const CLIENT_FAULT: ErrorText = {
  title: "That did not work",
  description: "Go back and try again.",
};

export function errorText(status: number): ErrorText {
  return byStatus[status] ?? (status >= 500 || status < 400 ? SERVER_FAULT : CLIENT_FAULT);
}
