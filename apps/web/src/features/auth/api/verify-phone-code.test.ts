import { describe, expect, it } from "vitest";
import { ApiError, type ApiTransport } from "~/lib/api-client";
import { verifyPhoneCode } from "./verify-phone-code";

/** A transport answering every call with `status` and `body`, as the API would. */
const answering =
  (status: number, body: unknown): ApiTransport =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const body = { phone_number: "0886123456", code: "123456" };

describe("verifyPhoneCode", () => {
  it("gives the login body when the code is right", async () => {
    const data = { user: { id: 1 }, authorization: { token: "t" } };
    await expect(verifyPhoneCode(answering(200, { data }), body)).resolves.toEqual({ signedIn: data });
  });

  it("says a name is needed when the number has no account yet", async () => {
    const reply = { message: "Name is required", errors: { name: ["Name is required"] }, registration_required: true };
    await expect(verifyPhoneCode(answering(422, reply), body)).resolves.toEqual({ registrationRequired: true });
  });

  it("throws a wrong code, with its field message, like any other failure", async () => {
    const reply = { message: "Invalid or expired code", errors: { code: ["Invalid or expired code"] } };
    const failure = await verifyPhoneCode(answering(422, reply), body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errors).toEqual({ code: ["Invalid or expired code"] });
  });
});
