import { ApiError } from "./api-client";
import { clearSession, getAccessToken, goToLogin } from "./session";

/**
 * The signed-in upload (the sell wizard's photos): a multipart POST with the bearer token that reports its
 * progress (0 to 1), which fetch cannot do. Resolves with the reply's `data`; a 401 ends the session as
 * `authedTransport` does.
 */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  const token = await getAccessToken();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api${path}`);
    request.setRequestHeader("accept", "application/json");
    if (token) request.setRequestHeader("authorization", `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new ApiError(0, "No connection. Please try again."));
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as { data?: T; message?: string; errors?: Record<string, string[]> };
        } catch {
          return {};
        }
      })();
      if (request.status === 401) {
        clearSession();
        goToLogin();
      }
      if (request.status >= 200 && request.status < 300) resolve(body.data as T);
      else reject(new ApiError(request.status, body.message ?? "Request failed", body.errors));
    };
    request.send(form);
  });
}
