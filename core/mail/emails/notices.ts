import { renderNoticeEmail } from "./notice.ts";
import type { RenderedEmail } from "./render.ts";

/** The one mail an unconfirmed alert address gets. */
export function renderChannelConfirmationEmail(input: {
  address: string;
  ownerName: string;
  link: string;
  publicUrl: string;
}): RenderedEmail {
  return renderNoticeEmail(
    "Confirm price alerts from Dropwave",
    {
      preheader: "Confirm before Dropwave sends price alerts to this address",
      heading: "Send price alerts to this address?",
      paragraphs: [
        `${input.ownerName} asked Dropwave (${input.publicUrl}) to send price alerts to ${input.address}.`,
        "Nothing is sent to this address until you confirm. The link works for seven days.",
      ],
      action: { label: "Confirm or decline", url: input.link },
      footnote:
        "If you did not expect this, ignore this email or decline on the page: you will get nothing else.",
    },
    // Someone typed this address: capped as account mail (decision 0064).
    "account",
  );
}

/** To the owner, once, when the worker pauses a failing channel. */
export function renderChannelPausedEmail(input: {
  channelName: string;
  pauseReason: string;
  manageUrl: string;
}): RenderedEmail {
  return renderNoticeEmail(`Dropwave paused your alert channel "${input.channelName}"`, {
    preheader: input.pauseReason,
    heading: `Your alert channel "${input.channelName}" is paused`,
    paragraphs: [input.pauseReason],
    action: { label: "Fix it and resume it", url: input.manageUrl },
  });
}
