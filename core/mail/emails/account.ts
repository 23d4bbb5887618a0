import { renderNoticeEmail } from "./notice.ts";
import type { RenderedEmail } from "./render.ts";

/** The account mails better-auth asks for, in the notice layout (notice.ts); capped as "account" mail. */

export function resetPasswordEmail(input: { email: string; link: string }): RenderedEmail {
  return renderNoticeEmail(
    "Reset your Dropwave password",
    {
      preheader: "Choose a new password for Dropwave",
      heading: "Reset your password",
      paragraphs: [
        `Someone (hopefully you) asked to reset the password of the Dropwave account ${input.email}.`,
        "The link works once and expires in one hour.",
        "Choosing a new password signs you out on every device and revokes all your personal API tokens: scripts and the browser extension will need a new token.",
      ],
      action: { label: "Choose a new password", url: input.link },
      footnote: "If you did not ask for this, ignore this email: your password stays as it is.",
    },
    "account",
  );
}

export function verifyEmailEmail(input: { email: string; link: string }): RenderedEmail {
  return renderNoticeEmail(
    "Confirm your email for Dropwave",
    {
      preheader: "Confirm this address for your Dropwave account",
      heading: "Confirm your email address",
      paragraphs: [
        `Someone (hopefully you) asked to use ${input.email} for a Dropwave account.`,
        "Open the link to confirm. It expires in one hour.",
      ],
      action: { label: "Confirm this email", url: input.link },
      footnote: "If you did not ask for this, ignore this email: nothing changes.",
    },
    "account",
  );
}

export function changeEmailEmail(input: {
  email: string;
  newEmail: string;
  link: string;
}): RenderedEmail {
  return renderNoticeEmail(
    "Confirm your Dropwave email change",
    {
      preheader: `Change your Dropwave email to ${input.newEmail}`,
      heading: "Change your email address",
      paragraphs: [
        `Someone (hopefully you) asked to change the email of the Dropwave account ${input.email} to ${input.newEmail}.`,
        "Open the link to agree; we then send a confirmation to the new address.",
      ],
      action: { label: "Approve the change", url: input.link },
      footnote: "If you did not ask for this, ignore this email and change your password.",
    },
    "account",
  );
}

/**
 * To the owner of an address someone tried to sign up with. Sign-up answers the same either
 * way (no account enumeration); the owner learns of it here and gets a way back in: a reset
 * link, which also proves the address of an account that was never verified (decision 0065).
 */
export function existingAccountEmail(input: {
  email: string;
  signInLink: string;
  link: string;
}): RenderedEmail {
  return renderNoticeEmail(
    "You already have a Dropwave account",
    {
      preheader: "Someone tried to create a Dropwave account with your address",
      heading: "You already have an account",
      paragraphs: [
        `Someone (hopefully you) tried to create a Dropwave account with ${input.email}, which already has one. No second account was made.`,
        `To use your account, sign in at ${input.signInLink}. Forgot the password? Choose a new one with the link below: it works once and expires in one hour.`,
      ],
      action: { label: "Choose a new password", url: input.link },
      footnote: "If it was not you, ignore this email: nothing changes.",
    },
    "account",
  );
}
