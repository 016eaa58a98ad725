#!/usr/bin/env python3
"""A TCP relay that adds a fixed delay each way: a slow link where the kernel
has no netem (tests/netns/netns_lib.sh, netns_relay).

    delay_relay.py --listen ADDR:PORT --target ADDR:PORT --delay-file FILE
                   [--lifetime SECONDS]

Runs inside a test's network namespace, in front of a server of that
namespace (xapian-tcpsrv): every connection accepted on --listen is joined to
a new connection to --target, and each chunk read from either side is written
to the other once the delay has passed since it was read (per direction, in
order: latency, not bandwidth). The delay is the number of milliseconds in
FILE, read again whenever FILE changes, so a test can slow a host down in the
middle of a connection. Stops by itself after --lifetime seconds (default
600), on SIGTERM or SIGINT; connects nowhere but --target.
"""

import argparse
import asyncio
import os
import signal
import sys


class Delay:
    """The delay in seconds, from FILE, read again when its mtime changes."""

    def __init__(self, path):
        self.path = path
        self.stamp = None
        self.seconds = 0.0

    def now(self):
        try:
            stamp = os.stat(self.path).st_mtime_ns
        except OSError:
            return self.seconds
        if stamp != self.stamp:
            self.stamp = stamp
            try:
                with open(self.path) as f:
                    self.seconds = max(0.0, float(f.read().strip() or 0)) / 1000
            except (OSError, ValueError):
                pass  # half written: the next chunk reads it again
        return self.seconds


async def pipe(reader, writer, delay):
    """Copies reader to writer, each chunk `delay` after it was read."""
    loop = asyncio.get_running_loop()
    queue = asyncio.Queue()

    async def forward():
        while True:
            due, data = await queue.get()
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if not data:
                if writer.can_write_eof():
                    writer.write_eof()
                return
            writer.write(data)
            await writer.drain()

    sender = asyncio.create_task(forward())
    try:
        while True:
            data = await reader.read(65536)
            queue.put_nowait((loop.time() + delay.now(), data))
            if not data:
                break
        await sender
    finally:
        sender.cancel()


async def relay(client_reader, client_writer, target, delay):
    try:
        server_reader, server_writer = await asyncio.wait_for(
            asyncio.open_connection(*target), timeout=10)
    except (OSError, asyncio.TimeoutError):
        client_writer.close()
        return
    try:
        await asyncio.gather(pipe(client_reader, server_writer, delay),
                             pipe(server_reader, client_writer, delay))
    except (OSError, asyncio.CancelledError):
        pass
    finally:
        for writer in (client_writer, server_writer):
            writer.close()


def address(text):
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise argparse.ArgumentTypeError(f"want ADDR:PORT, got {text!r}")
    return host, int(port)


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listen", type=address, required=True)
    parser.add_argument("--target", type=address, required=True)
    parser.add_argument("--delay-file", required=True)
    parser.add_argument("--lifetime", type=float, default=600)
    args = parser.parse_args()
    delay = Delay(args.delay_file)
    server = await asyncio.start_server(
        lambda r, w: relay(r, w, args.target, delay), *args.listen, reuse_address=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print(f"relaying {args.listen[0]}:{args.listen[1]} to {args.target[0]}:{args.target[1]}",
          file=sys.stderr, flush=True)
    try:
        await asyncio.wait_for(stop.wait(), timeout=args.lifetime)
    except asyncio.TimeoutError:
        pass
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
