import { vi } from 'vitest'

/**
 * A BroadcastChannel for tests: a message reaches every other open channel of the same name at
 * once, as other tabs' channels would receive it. `FakeChannel.post` plays another tab.
 */
export class FakeChannel {
  static open = new Set<FakeChannel>()
  static sent: unknown[] = []
  onmessage: ((event: MessageEvent) => void) | null = null
  readonly name: string

  constructor(name: string) {
    this.name = name
    FakeChannel.open.add(this)
  }

  postMessage(data: unknown) {
    FakeChannel.sent.push(data)
    for (const channel of FakeChannel.open) {
      if (channel !== this && channel.name === this.name) channel.onmessage?.(new MessageEvent('message', { data }))
    }
  }

  close() {
    FakeChannel.open.delete(this)
  }

  /** A message from another tab. */
  static post(name: string, data: unknown) {
    const other = new FakeChannel(name)
    other.postMessage(data)
    other.close()
  }

  static install() {
    FakeChannel.open.clear()
    FakeChannel.sent = []
    vi.stubGlobal('BroadcastChannel', FakeChannel)
  }
}
