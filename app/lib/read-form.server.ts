import { data } from "react-router";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * A page form's body, or a clear 4xx: a body that is not a form (JSON, text, broken multipart)
 * is refused with 415 or 400 before any handler runs, never read into a 500 (#35 item 9).
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(type)) {
    throw data("Send this form as a form (application/x-www-form-urlencoded or multipart).", {
      status: 415,
    });
  }
  try {
    return await request.formData();
  } catch {
    throw data("This form could not be read.", { status: 400 });
  }
}
