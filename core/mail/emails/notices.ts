import { renderEmail } from "../layout.ts";

export type RenderedEmail = { subject: string; html: string; text: string };

/** The one mail an unconfirmed alert address gets. */
export async function renderChannelConfirmationEmail(input: {
  address: string;
  ownerName: string;
  link: string;
  publicUrl: string;
}): Promise<RenderedEmail> {
  const { html, text } = renderEmail({
    preheader: "Confirm before Dropwave sends price alerts to this address",
    heading: "Send price alerts to this address?",
    paragraphs: [
      `${input.ownerName} asked Dropwave (${input.publicUrl}) to send price alerts to ${input.address}.`,
      "Nothing is sent to this address until you confirm. The link works for seven days.",
    ],
    action: { label: "Confirm or decline", url: input.link },
    footnote:
      "If you did not expect this, ignore this email or decline on the page: you will get nothing else.",
  });
  return { subject: "Confirm price alerts from Dropwave", html, text };
}

/** To the owner, once, when the worker pauses a failing channel. */
export async function renderChannelPausedEmail(input: {
  channelName: string;
  pauseReason: string;
  manageUrl: string;
}): Promise<RenderedEmail> {
  const { html, text } = renderEmail({
    preheader: input.pauseReason,
    heading: `Your alert channel "${input.channelName}" is paused`,
    paragraphs: [input.pauseReason],
    action: { label: "Fix it and resume it", url: input.manageUrl },
  });
  return { subject: `Dropwave paused your alert channel "${input.channelName}"`, html, text };
}
