#!/usr/bin/env python3
"""A test OAI-PMH server on 127.0.0.1 for paperdex-index --harvest (tests/integration/
harvest_test.cc): ListRecords over the <record>s of OAI files, in pages with
resumption tokens, and faults on cue.

  oai_test_server.py --port-file F --log F --control F [--page-size N] [--limit N]
                     [--dump FILE]
                     PREFIX=FILE...        (PREFIX arXiv or arXivRaw; .gz read too)

The port goes to --port-file once listening. Each request is logged to --log as
a JSON line {"start", "end", "query", "status", "gzip"} (times in seconds since
the epoch) when its answer is done. --control is a JSON file read at every
request: {"faults": {"N": KIND, ...}, "touched": [ID...], "deleted": [ID...]}
where N counts requests from 1 and KIND is one of 503 (Retry-After 1),
503-date (Retry-After as an HTTP date 1 s on), 429, 500, reset, truncate,
stall (half the page, then silence
until the client hangs up, at most 3 s), trickle (the page a byte every 0.2 s,
until the client hangs up, at most 10 s), bad-token (for a token request),
redirect-path (a 302 to the same query under /moved/, a relative Location),
redirect-absolute (a 301 to http://127.0.0.1:PORT/other/...), redirect-localhost
(a 302 to the same URL on http://localhost:PORT, another host name);
"touched" records get today's datestamp and "deleted" ones are served deleted,
so a harvest --from today sees only them. {"loop": "same"} answers each token
with itself, {"loop": "cycle"} the third page's token with the second's (A, B,
A, ...), for the first 20 requests only (so a client that never notices still
ends, with the pages twice)."""
import argparse
import email.utils
import gzip
import json
import os
import re
import select
import socket
import threading
import time
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

RECORD = re.compile(rb"<record>.*?</record>", re.S)
DATESTAMP = re.compile(rb"<datestamp>([^<]*)</datestamp>")
IDENTIFIER = re.compile(rb"<identifier>oai:arXiv.org:([^<]*)</identifier>")


def load(files, limit):
    records = {}
    for spec in files:
        prefix, path = spec.split("=", 1)
        data = open(path, "rb").read()
        if path.endswith(".gz"):
            data = gzip.decompress(data)
        records.setdefault(prefix, []).extend(RECORD.findall(data))
    return {prefix: found[:limit] for prefix, found in records.items()}


class Server(ThreadingHTTPServer):
    daemon_threads = True


def make_handler(args, records):
    lock = threading.Lock()
    counter = [0]

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_):
            pass

        def control(self):
            try:
                return json.load(open(args.control))
            except (OSError, ValueError):
                return {}

        def listing(self, query, control):
            """(records of the list, offset, the list's parameters) or an error code."""
            if "resumptionToken" in query:
                params = json.loads(query["resumptionToken"][0])
            else:
                params = {k: query.get(k, [""])[0] for k in ("metadataPrefix", "set", "from",
                                                             "until")}
                params["offset"] = 0
            today = datetime.now(timezone.utc).strftime("%Y-%m-%d").encode()
            touched = set(control.get("touched", [])) | set(control.get("deleted", []))
            deleted = set(control.get("deleted", []))
            chosen = []
            for record in records.get(params["metadataPrefix"], []):
                paper = IDENTIFIER.search(record).group(1).decode()
                if paper in touched:
                    record = DATESTAMP.sub(b"<datestamp>" + today + b"</datestamp>", record)
                if paper in deleted:
                    record = (b'<record><header status="deleted"><identifier>oai:arXiv.org:' +
                              paper.encode() + b"</identifier><datestamp>" + today +
                              b"</datestamp></header></record>")
                stamp = DATESTAMP.search(record).group(1).decode()
                if params["from"] and stamp < params["from"]:
                    continue
                if params["until"] and stamp > params["until"]:
                    continue
                chosen.append(record)
            return chosen, params

        def next_offset(self, offset, control, number):
            """The offset the page at `offset` sends a token for: the next
            page's, or an earlier one's when the control asks for a loop."""
            loop = control.get("loop") if number <= 20 else None
            if loop == "same" and offset > 0:
                return offset
            if loop == "cycle" and offset >= 2 * args.page_size:
                return args.page_size
            return offset + args.page_size

        def page(self, query, control, number):
            now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ").encode()
            head = (b'<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.'
                    b'openarchives.org/OAI/2.0/">\n<responseDate>' + now + b"</responseDate>\n"
                    b"<request>http://127.0.0.1/oai</request>\n")
            chosen, params = self.listing(query, control)
            if not chosen:
                return head + (b'<error code="noRecordsMatch">nothing</error>\n</OAI-PMH>\n')
            offset = params["offset"]
            part = chosen[offset:offset + args.page_size]
            body = head + b"<ListRecords>\n" + b"\n".join(part) + b"\n"
            if offset + args.page_size < len(chosen):
                following = self.next_offset(offset, control, number)
                token = json.dumps(dict(params, offset=following)).encode()
                body += (b'<resumptionToken cursor="%d" completeListSize="%d">' %
                         (offset, len(chosen)) + token.replace(b'"', b"&quot;") +
                         b"</resumptionToken>\n")
            else:
                body += (b'<resumptionToken cursor="%d" completeListSize="%d"/>\n' %
                         (offset, len(chosen)))
            return body + b"</ListRecords>\n</OAI-PMH>\n"

        def send(self, status, body, headers=(), gzip_ok=False, fault=None):
            if gzip_ok and status == 200:
                body = gzip.compress(body)
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            if gzip_ok and status == 200:
                self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Type", "text/xml")
            if fault == "trickle":
                self.send_header("Connection", "close")
                self.end_headers()
                self.trickle(body, 10)
                return
            if fault in ("truncate", "stall"):
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body[:len(body) // 2])
                self.wfile.flush()
                if fault == "stall":
                    self.wait_for_hangup(3)
                return
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def trickle(self, body, seconds):
            """Sends `body` a byte every 0.2 s, never silent long enough for a
            stall timer, until the client hangs up (or `seconds` pass)."""
            deadline = time.time() + seconds
            for byte in body:
                if time.time() >= deadline:
                    return
                try:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                except OSError:
                    return
                time.sleep(0.2)

        def redirect(self, fault):
            port = self.server.server_address[1]
            status, location = {
                "redirect-path": (302, "/moved" + self.path),
                "redirect-absolute": (301, "http://127.0.0.1:%d/other%s" % (port, self.path)),
                "redirect-localhost": (302, "http://localhost:%d%s" % (port, self.path)),
            }[fault]
            self.send(status, b"moved", [("Location", location)])
            return status

        def wait_for_hangup(self, seconds):
            """Sends nothing until the client hangs up (or `seconds` pass), so
            the request's logged end is when the client gave it up."""
            deadline = time.time() + seconds
            while time.time() < deadline:
                readable, _, _ = select.select([self.connection], [], [], 0.02)
                if readable and self.connection.recv(1, socket.MSG_PEEK) == b"":
                    return

        def do_GET(self):
            start = time.time()
            with lock:
                counter[0] += 1
                number = counter[0]
            control = self.control()
            fault = control.get("faults", {}).get(str(number))
            query = parse_qs(urlparse(self.path).query)
            gzip_ok = "gzip" in self.headers.get("Accept-Encoding", "")
            status = 200
            if fault == "reset":
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                           b"\x01\x00\x00\x00\x00\x00\x00\x00")
                self.close_connection = True
                status = 0
            elif fault in ("503", "429", "503-date"):
                status = 429 if fault == "429" else 503
                after = "1" if fault != "503-date" else email.utils.formatdate(
                    time.time() + 1.5, usegmt=True)
                self.send(status, b"busy", [("Retry-After", after)])
            elif fault in ("redirect-path", "redirect-absolute", "redirect-localhost"):
                status = self.redirect(fault)
            elif fault == "500":
                status = 500
                self.send(500, b"broken")
            elif fault == "bad-token" and "resumptionToken" in query:
                self.send(200, b'<?xml version="1.0"?><OAI-PMH xmlns="http://www.openarchives'
                          b'.org/OAI/2.0/"><responseDate>2030-01-01T00:00:00Z</responseDate>'
                          b'<error code="badResumptionToken">expired</error></OAI-PMH>')
            else:
                self.send(200, self.page(query, control, number), gzip_ok=gzip_ok, fault=fault)
            end = time.time()  # before waiting for the log's lock
            with lock, open(args.log, "a") as log:
                log.write(json.dumps({"n": number, "start": start, "end": end,
                                      "query": self.path, "status": status, "fault": fault,
                                      "gzip": gzip_ok,
                                      "agent": self.headers.get("User-Agent", "")}) + "\n")

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--control", required=True)
    parser.add_argument("--page-size", type=int, default=50)
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--dump", help="write the records served as one OAI-PMH file")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    records = load(args.files, args.limit)
    if args.dump:
        with open(args.dump, "wb") as out:
            out.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.'
                      b'openarchives.org/OAI/2.0/"><ListRecords>\n')
            for found in records.values():
                out.write(b"\n".join(found))
            out.write(b"\n</ListRecords></OAI-PMH>\n")
    server = Server(("127.0.0.1", 0), make_handler(args, records))
    with open(args.port_file + ".tmp", "w") as out:
        out.write(str(server.server_address[1]))
    os.rename(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
