"""The tus uploader's chunking and resume, against an in-memory tus server (system python3, no bpy).

Run: python3 -m unittest discover -s integrations/blender/tests
"""

import base64
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from renderfarm_submit.client import ApiError  # noqa: E402
from renderfarm_submit.tus import TusUpload, UploadError, encode_metadata  # noqa: E402


class FakeTusServer:
    """Keeps uploads in memory as a tus 1.0.0 server would; `fail` injects what goes wrong."""

    def __init__(self):
        self.uploads = {}
        self.calls = []
        # Queued faults, consumed by the matching request: ("PATCH", "drop-after", n) keeps n bytes
        # and then "loses the connection"; ("PATCH", "500") answers 500; ("HEAD", "404") forgets.
        self.faults = []

    def fault(self, method):
        for index, fault in enumerate(self.faults):
            if fault[0] == method:
                return self.faults.pop(index)
        return None

    def send(self, method, url, headers, body):
        self.calls.append((method, url, dict(headers)))
        assert headers["Tus-Resumable"] == "1.0.0"
        assert headers["Authorization"] == "Bearer 1|secret"
        fault = self.fault(method)
        if method == "POST":
            metadata = dict(
                (pair.split(" ")[0], base64.b64decode(pair.split(" ")[1]).decode()) for pair in headers["Upload-Metadata"].split(",")
            )
            upload_id = "u{}".format(len(self.uploads) + 1)
            self.uploads[upload_id] = {"length": int(headers["Upload-Length"]), "bytes": b"", "metadata": metadata}
            return 201, {"location": "/api/v1/drives/d1/uploads/" + upload_id}, b""
        upload_id = url.rsplit("/", 1)[1]
        upload = self.uploads.get(upload_id)
        if method == "HEAD":
            if upload is None or (fault and fault[1] == "404"):
                self.uploads.pop(upload_id, None)
                return 404, {}, b""
            return 200, {"upload-offset": str(len(upload["bytes"])), "upload-length": str(upload["length"])}, b""
        if method == "PATCH":
            assert headers["Content-Type"] == "application/offset+octet-stream"
            if upload is None:
                return 404, {}, b""
            if int(headers["Upload-Offset"]) != len(upload["bytes"]):
                return 409, {}, b"offset mismatch"
            if fault and fault[1] == "500":
                return 500, {}, b"busy"
            if fault and fault[1] == "drop-after":
                upload["bytes"] += body[: fault[2]]
                raise ApiError(0, "Could not reach the server: connection reset")
            upload["bytes"] += body
            return 204, {"upload-offset": str(len(upload["bytes"]))}, b""
        raise AssertionError("unexpected " + method)


class TusUploadTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.file = os.path.join(self.dir, "shot.blend")
        self.content = os.urandom(10_000)
        with open(self.file, "wb") as handle:
            handle.write(self.content)
        self.record = os.path.join(self.dir, "shot.blend.upload.json")
        self.server = FakeTusServer()
        self.pauses = []

    def upload(self, **overrides):
        options = dict(
            transport=self.server,
            endpoint="http://farm.test/api/v1/drives/d1/uploads",
            headers={"Authorization": "Bearer 1|secret"},
            file_path=self.file,
            metadata={"filename": "shot.blend", "folder": "blender"},
            record_path=self.record,
            chunk_size=4096,
            sleep=self.pauses.append,
        )
        options.update(overrides)
        return TusUpload(**options)

    def methods(self):
        return [call[0] for call in self.server.calls]

    def test_metadata_is_base64_pairs(self):
        self.assertEqual(encode_metadata({"filename": "a b.blend", "folder": ""}), "filename YSBiLmJsZW5k,folder")

    def test_sends_the_file_in_chunks_and_forgets_its_record(self):
        seen = []
        self.upload().run(progress=lambda sent, total: seen.append((sent, total)))
        self.assertEqual(self.methods(), ["POST", "PATCH", "PATCH", "PATCH"])
        upload = self.server.uploads["u1"]
        self.assertEqual(upload["bytes"], self.content)
        self.assertEqual(upload["metadata"], {"filename": "shot.blend", "folder": "blender"})
        self.assertEqual(seen, [(0, 10_000), (4096, 10_000), (8192, 10_000), (10_000, 10_000)])
        self.assertFalse(os.path.exists(self.record))

    def test_a_dropped_chunk_goes_on_from_the_servers_offset(self):
        self.server.faults.append(("PATCH", "drop-after", 1000))
        self.upload().run()
        # The first chunk lost its connection after 1000 bytes: HEAD, then from 1000 on.
        self.assertEqual(self.methods()[:4], ["POST", "PATCH", "HEAD", "PATCH"])
        self.assertEqual(self.server.calls[3][2]["Upload-Offset"], "1000")
        self.assertEqual(self.server.uploads["u1"]["bytes"], self.content)
        self.assertEqual(self.pauses, [2])

    def test_a_server_error_is_retried_and_a_refusal_is_not(self):
        self.server.faults.append(("PATCH", "500"))
        self.upload().run()
        self.assertEqual(self.server.uploads["u1"]["bytes"], self.content)

        server = FakeTusServer()
        refusing = lambda method, url, headers, body: (413, {}, b'{"message":"no room"}')  # noqa: E731
        server.send = refusing
        with self.assertRaises(UploadError) as caught:
            self.upload(transport=server).run()
        self.assertEqual(caught.exception.status, 413)
        self.assertIn("no room", caught.exception.message)

    def test_a_later_run_resumes_from_the_record(self):
        # The first run gets one chunk through, then the connection drops and it gives up.
        self.server.faults = [("PATCH", "ok"), ("PATCH", "drop-after", 0)]
        first = self.upload(retries=0)
        with self.assertRaises(ApiError):
            first.run()
        self.assertTrue(os.path.exists(self.record))
        self.assertEqual(len(self.server.uploads["u1"]["bytes"]), 4096)

        # Blender restarted: a new uploader finds the record, asks HEAD, sends the rest only.
        self.server.calls = []
        self.upload().run()
        self.assertEqual(self.methods(), ["HEAD", "PATCH", "PATCH"])
        self.assertEqual(self.server.calls[1][2]["Upload-Offset"], "4096")
        self.assertEqual(self.server.uploads["u1"]["bytes"], self.content)
        self.assertEqual(len(self.server.uploads), 1)

    def test_a_record_the_server_forgot_or_a_changed_file_starts_again(self):
        with open(self.record, "w") as handle:
            handle.write(
                '{"url": "http://farm.test/api/v1/drives/d1/uploads/gone", "endpoint": '
                '"http://farm.test/api/v1/drives/d1/uploads", "metadata": {"filename": "shot.blend", '
                '"folder": "blender"}, "file": {"size": 10000, "mtime": %d}}' % int(os.stat(self.file).st_mtime)
            )
        self.upload().run()
        self.assertEqual(self.methods()[:2], ["HEAD", "POST"])
        self.assertEqual(self.server.uploads["u1"]["bytes"], self.content)

        # A record for other bytes (the scene was saved again) is not trusted: no HEAD at all.
        self.server.calls = []
        with open(self.record, "w") as handle:
            handle.write('{"url": "http://farm.test/x/u1", "endpoint": "http://farm.test/api/v1/drives/d1/uploads", "file": {"size": 1, "mtime": 1}}')
        self.upload().run()
        self.assertEqual(self.methods()[0], "POST")


if __name__ == "__main__":
    unittest.main()
