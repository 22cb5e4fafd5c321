/** Headers and body of a multipart request built from a FormData, as a browser would send it, for inject(). */
export async function multipart(form: FormData) {
  const request = new Request("http://localhost", { method: "POST", body: form });
  return {
    headers: { "content-type": request.headers.get("content-type")! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}
