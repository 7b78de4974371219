"""The farm's JSON API (`/api/v1`, docs/api.md) over urllib, with no bpy and no third-party package.

Blender's own Python runs it in a background thread; system python3 runs it in the tests. Every
call has a short timeout so a dead server never holds a thread for long, and every refusal is an
`ApiError` carrying the server's Persian `message` (shown in the panel as it came) and its status.
"""

import hashlib
import json
import socket
import urllib.error
import urllib.parse
import urllib.request

from .tus import TusUpload

USER_AGENT = "renderfarm-blender-addon/1.0"


class ApiError(Exception):
    """A refusal or a failure to reach the server; `status` is 0 when nothing answered."""

    def __init__(self, status, message, errors=None, code=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.errors = errors or {}
        self.code = code

    def __str__(self):
        if self.errors:
            return "; ".join([self.message] + [v for v in self.errors.values() if v != self.message])
        return self.message

    def summary(self):
        """In English, for Blender's UI (Blender 3.4 draws Persian letters unjoined, left to right);
        the server's own Persian message stays in `str(error)` for the console and Info log."""
        if self.status == 0:
            return self.message
        fields = ", ".join(sorted(self.errors)) if self.errors else ""
        known = {
            401: "The API token was not accepted (wrong, revoked, or its account is closed).",
            403: "The API token lacks the ability for this; make one with read, create and update.",
            404: "Not found on the server (or not this account's).",
            409: "The server refused: the record changed meanwhile; refresh and try again.",
            413: "Not enough free space in the drive for this file.",
            429: "Too many requests: the token's limit is 60 a minute; wait a moment.",
        }
        if self.status in known:
            return known[self.status]
        if self.status == 422:
            return "Refused by the server" + (" (check: {})".format(fields) if fields else "") + "."
        if self.status >= 500:
            return "The server failed (HTTP {}); try again later.".format(self.status)
        return "The server refused (HTTP {}).".format(self.status)


def rial_to_toman(rial):
    """Amounts travel in Rial; a person reads Toman (10 Rial), grouped by thousands."""
    rial = int(rial)
    return "{}{:,}".format("-" if rial < 0 else "", abs(rial) // 10)


class Transport:
    """One HTTP exchange: `send(method, url, headers, body)` -> (status, headers, bytes).

    Answers of any status come back (they are not exceptions); only a failure to reach the server
    raises, as ApiError with status 0. The tus uploader and the unit tests use this same shape.
    """

    def __init__(self, timeout=15.0):
        self.timeout = timeout

    def send(self, method, url, headers=None, body=None):
        request = urllib.request.Request(url, data=body, method=method, headers=dict(headers or {}))
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
        except urllib.error.HTTPError as error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()
        except (urllib.error.URLError, socket.timeout, ConnectionError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise ApiError(0, "Could not reach the server: {}".format(reason)) from error


class ApiClient:
    """The calls the add-on makes; `base_url` is the farm's address, `token` an API token (`id|secret`)."""

    def __init__(self, base_url, token, transport=None):
        self.base_url = (base_url or "").strip().rstrip("/")
        self.token = (token or "").strip()
        self.transport = transport or Transport()
        if not self.base_url.startswith(("http://", "https://")):
            raise ApiError(0, "Set the server URL (http:// or https://) in the add-on's preferences.")
        if not self.token:
            raise ApiError(0, "Set an API token in the add-on's preferences (Panel > API tokens).")

    # -- plumbing -------------------------------------------------------------------------------

    def url(self, path, query=None):
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        return url

    def headers(self, extra=None):
        headers = {
            "Authorization": "Bearer " + self.token,
            "Accept": "application/json",
            "User-Agent": USER_AGENT,
        }
        headers.update(extra or {})
        return headers

    def request(self, method, path, body=None, query=None, headers=None):
        """Sends JSON, returns the answer's `data` (or the whole answer when it has none)."""
        extra = dict(headers or {})
        payload = None
        if body is not None:
            payload = json.dumps(body).encode("utf-8")
            extra["Content-Type"] = "application/json"
        status, _, raw = self.transport.send(method, self.url(path, query), self.headers(extra), payload)
        answer = decode(raw)
        if status >= 400:
            raise refusal(status, answer)
        if isinstance(answer, dict) and "data" in answer:
            return answer["data"]
        return answer

    # -- account and drives ---------------------------------------------------------------------

    def me(self):
        """The account: `{name, email, balance (Rial), kyc_status, ...}`."""
        return self.request("GET", "/api/v1/me")

    def drives(self):
        """The account's drives: `[{uuid, name, ...}]`."""
        return self.request("GET", "/api/v1/drives")

    def files(self, drive, path=""):
        """One folder of a drive."""
        return self.request("GET", "/api/v1/drives/{}/files".format(quote(drive)), query={"path": path})

    def upload(self, drive, file_path, name, folder="", record_path=None, progress=None, chunk_size=None):
        """Uploads a file into `folder` of `drive` with tus, resuming an earlier try when it can."""
        upload = TusUpload(
            transport=self.transport,
            endpoint=self.url("/api/v1/drives/{}/uploads".format(quote(drive))),
            headers=self.headers(),
            file_path=file_path,
            metadata={"filename": name, "folder": folder},
            record_path=record_path,
            **({"chunk_size": chunk_size} if chunk_size else {}),
        )
        headers = upload.run(progress=progress)
        # The server hashes what it stored: the same bytes as ours, or the upload is not trusted.
        stored = headers.get("x-checksum-sha256")
        if stored and stored != sha256_of(file_path):
            raise ApiError(0, "The uploaded file differs from the local one (SHA-256); upload it again.")
        return headers

    # -- render jobs ----------------------------------------------------------------------------

    def check(self, drive, path):
        """Starts the scene check of a .blend in a drive: `{id, status, findings}`."""
        return self.request("POST", "/api/v1/jobs/check", body={"drive": drive, "path": path})

    def check_status(self, check_id):
        return self.request("GET", "/api/v1/jobs/checks/{}".format(quote(check_id)))

    def submit(self, check_id, settings, idempotency_key):
        """Submits a checked scene; the same key gives back the same job (a retried click)."""
        body = dict(settings)
        body["check"] = check_id
        return self.request("POST", "/api/v1/jobs", body=body, headers={"Idempotency-Key": idempotency_key})

    def quote(self, check_id, settings):
        """What submitting a done check with these settings would cost: `{estimate, low, high,
        frames, tasks, balance, balance_after}` (Rial)."""
        return self.request("GET", "/api/v1/jobs/checks/{}/quote".format(quote(check_id)), query=settings)

    def jobs(self, per_page=10):
        return self.request("GET", "/api/v1/jobs", query={"per_page": per_page})

    def job(self, uuid):
        return self.request("GET", "/api/v1/jobs/{}".format(quote(uuid)))

    def act(self, uuid, action):
        """`cancel`, `pause` or `resume`."""
        return self.request("POST", "/api/v1/jobs/{}/{}".format(quote(uuid), quote(action)))

    def panel_url(self, job_uuid):
        """The job's page in the web panel (opened only when the artist asks)."""
        return "{}/panel/jobs/{}".format(self.base_url, quote(job_uuid))


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1024 * 1024), b""):
            digest.update(block)
    return digest.hexdigest()


def quote(value):
    return urllib.parse.quote(str(value), safe="")


def decode(raw):
    if not raw:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return raw.decode("utf-8", "replace").strip()


def refusal(status, answer):
    if isinstance(answer, dict):
        message = answer.get("message") or "HTTP {}".format(status)
        return ApiError(status, message, answer.get("errors"), answer.get("code"))
    text = answer if isinstance(answer, str) and answer else "HTTP {}".format(status)
    return ApiError(status, text)
