"""A tus 1.0.0 upload (creation + core) in plain Python, resumable across failures and restarts.

Creation: `POST <endpoint>` with `Upload-Length` and `Upload-Metadata` (base64 values); the answer's
`Location` is the upload's URL. Core: `PATCH <url>` with `Upload-Offset` and
`Content-Type: application/offset+octet-stream`, one chunk at a time; `HEAD <url>` says how far the
server got. A chunk that fails (a dropped connection, a 5xx) is followed by a HEAD and the upload
goes on from the server's offset, not from ours: the server may have kept part of the chunk.

`record_path` (optional) keeps the upload's URL beside the file's size and modification time, so a
later run for the same unchanged file (Blender restarted, the artist pressed Submit again) asks the
server for its offset instead of sending the file again. A record the server no longer knows (404,
410: expired or finished and gone) starts a new upload.
"""

import base64
import json
import os
import time
import urllib.parse

TUS_VERSION = "1.0.0"
DEFAULT_CHUNK = 8 * 1024 * 1024
RETRIES = 5


class UploadError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def encode_metadata(metadata):
    """`key base64(value)` pairs joined by commas; empty values are sent as the bare key."""
    parts = []
    for key, value in metadata.items():
        if value is None:
            continue
        text = str(value)
        parts.append(key if text == "" else "{} {}".format(key, base64.b64encode(text.encode("utf-8")).decode("ascii")))
    return ",".join(parts)


def fingerprint(file_path):
    stat = os.stat(file_path)
    return {"size": stat.st_size, "mtime": int(stat.st_mtime)}


class TusUpload:
    """One file to one tus endpoint. `transport.send(method, url, headers, body)` -> (status, headers, bytes)."""

    def __init__(
        self,
        transport,
        endpoint,
        headers,
        file_path,
        metadata,
        record_path=None,
        chunk_size=DEFAULT_CHUNK,
        retries=RETRIES,
        sleep=time.sleep,
    ):
        self.transport = transport
        self.endpoint = endpoint
        self.headers = dict(headers)
        self.file_path = file_path
        self.metadata = metadata
        self.record_path = record_path
        self.chunk_size = chunk_size
        self.retries = retries
        self.sleep = sleep
        self.size = os.path.getsize(file_path)
        self.url = None
        self.created = False

    # -- the record of an upload in flight ------------------------------------------------------

    def load_record(self):
        if not self.record_path or not os.path.exists(self.record_path):
            return None
        try:
            with open(self.record_path, "r", encoding="utf-8") as handle:
                record = json.load(handle)
        except (OSError, ValueError):
            return None
        same_file = record.get("file") == fingerprint(self.file_path)
        same_target = record.get("endpoint") == self.endpoint and record.get("metadata") == self.metadata
        return record.get("url") if same_file and same_target and record.get("url") else None

    def save_record(self):
        if not self.record_path:
            return
        record = {
            "url": self.url,
            "endpoint": self.endpoint,
            "metadata": self.metadata,
            "file": fingerprint(self.file_path),
        }
        with open(self.record_path, "w", encoding="utf-8") as handle:
            json.dump(record, handle)

    def forget_record(self):
        if self.record_path and os.path.exists(self.record_path):
            os.remove(self.record_path)

    # -- the protocol ---------------------------------------------------------------------------

    def tus_headers(self, extra):
        headers = dict(self.headers)
        headers["Tus-Resumable"] = TUS_VERSION
        headers.update(extra)
        return headers

    def create(self):
        status, headers, body = self.transport.send(
            "POST",
            self.endpoint,
            self.tus_headers(
                {"Upload-Length": str(self.size), "Upload-Metadata": encode_metadata(self.metadata), "Content-Length": "0"}
            ),
            # No body at all: urllib would label an empty one a form (x-www-form-urlencoded).
            None,
        )
        if status != 201 or "location" not in headers:
            raise UploadError(status, message_of(status, body, "The server refused the upload"))
        self.url = urllib.parse.urljoin(self.endpoint, headers["location"])
        self.created = True
        self.save_record()

    def offset(self):
        """The server's offset for our URL, or None when it no longer knows the upload."""
        status, headers, body = self.transport.send("HEAD", self.url, self.tus_headers({}), None)
        if status in (404, 410):
            return None
        if status >= 400 or "upload-offset" not in headers:
            raise UploadError(status, message_of(status, body, "The server did not say how far the upload got"))
        return int(headers["upload-offset"])

    def patch(self, offset, chunk):
        status, headers, body = self.transport.send(
            "PATCH",
            self.url,
            self.tus_headers(
                {
                    "Upload-Offset": str(offset),
                    "Content-Type": "application/offset+octet-stream",
                    "Content-Length": str(len(chunk)),
                }
            ),
            chunk,
        )
        if status != 204:
            raise UploadError(status, message_of(status, body, "The server refused part of the upload"))
        return int(headers.get("upload-offset", offset + len(chunk))), headers

    def run(self, progress=None):
        """Sends the file; returns the last PATCH's headers (the server's checksum, if any).

        `progress(sent, total)` is called after each chunk. A 4xx other than a lost upload (404,
        410) or a conflicting offset (409) stops at once: retrying a refusal cannot help.
        """
        offset = None
        self.url = self.load_record()
        if self.url:
            offset = self.with_retries(self.offset)
        if offset is None:
            self.with_retries(self.create)
            offset = 0
        if progress:
            progress(offset, self.size)
        last_headers = {}
        with open(self.file_path, "rb") as handle:
            failures = 0
            while offset < self.size:
                handle.seek(offset)
                chunk = handle.read(self.chunk_size)
                try:
                    offset, last_headers = self.patch(offset, chunk)
                    failures = 0
                except Exception as error:  # a dropped connection or a refusal: ask where we are
                    if isinstance(error, UploadError) and 400 <= error.status < 500 and error.status not in (409,):
                        raise
                    failures += 1
                    if failures > self.retries:
                        raise
                    self.sleep(min(2 ** failures, 30))
                    known = self.with_retries(self.offset)
                    if known is None:
                        raise UploadError(410, "The server forgot the upload; start it again") from error
                    offset = known
                if progress:
                    progress(offset, self.size)
        self.forget_record()
        return last_headers

    def with_retries(self, step):
        """A step (create, HEAD) retried on a dropped connection or a 5xx, with a growing pause."""
        for attempt in range(self.retries + 1):
            try:
                return step()
            except UploadError as error:
                if error.status and error.status < 500:
                    raise
                if attempt == self.retries:
                    raise
            except Exception:
                if attempt == self.retries:
                    raise
            self.sleep(min(2 ** (attempt + 1), 30))
        return None


def message_of(status, body, fallback):
    text = ""
    if body:
        try:
            answer = json.loads(body.decode("utf-8"))
            text = answer.get("message", "") if isinstance(answer, dict) else ""
        except (ValueError, UnicodeDecodeError, AttributeError):
            text = body.decode("utf-8", "replace").strip() if isinstance(body, bytes) else ""
    return "{} (HTTP {}){}".format(fallback, status, ": " + text if text else "")
