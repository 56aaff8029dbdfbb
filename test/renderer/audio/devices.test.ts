import { describe, expect, it } from 'vitest'
import { deviceChanged, pickDevice, shapeDevices, type DeviceInfo } from '../../../renderer/audio/devices'

const info = (kind: string, deviceId: string, label: string): DeviceInfo => ({ kind, deviceId, label })

describe('shapeDevices', () => {
  it('lists labelled inputs and outputs, without the aliases of the default', () => {
    const lists = shapeDevices([
      info('audioinput', 'default', 'Default - USB Mic'),
      info('audioinput', 'communications', 'Communications - USB Mic'),
      info('audioinput', 'u1', 'USB Mic'),
      info('audioinput', 'b1', 'Built-in Mic'),
      info('videoinput', 'cam', 'Camera'),
      info('audiooutput', 'default', 'Default - Speakers'),
      info('audiooutput', 's1', 'Speakers'),
      info('audiooutput', 's1', 'Speakers'),
    ])
    expect(lists).toEqual({
      inputs: [
        { id: 'u1', label: 'USB Mic' },
        { id: 'b1', label: 'Built-in Mic' },
      ],
      outputs: [{ id: 's1', label: 'Speakers' }],
    })
  })

  it('leaves out devices whose labels are hidden until permission', () => {
    expect(shapeDevices([info('audioinput', 'x', ''), info('audiooutput', 'y', '')])).toEqual({
      inputs: [],
      outputs: [],
    })
  })
})

describe('pickDevice', () => {
  const usb = { id: 'u1', label: 'USB Mic' }
  const builtIn = { id: 'b1', label: 'Built-in Mic' }

  it('finds the remembered device by label', () => {
    expect(pickDevice('USB Mic', [builtIn, usb])).toEqual(usb)
  })

  it('falls back to the default when the device is missing, and switches back when it returns', () => {
    // Open on the USB mic; it is unplugged; it comes back under a new id.
    const inUse = pickDevice('USB Mic', [builtIn, usb])
    expect(inUse?.id).toBe('u1')

    const unplugged = pickDevice('USB Mic', [builtIn])
    expect(unplugged).toBeNull()
    expect(deviceChanged(unplugged, inUse?.id ?? null)).toBe(true)

    const back = pickDevice('USB Mic', [builtIn, { id: 'u2', label: 'USB Mic' }])
    expect(back).toEqual({ id: 'u2', label: 'USB Mic' })
    expect(deviceChanged(back, unplugged?.id ?? null)).toBe(true)
    expect(deviceChanged(back, 'u2')).toBe(false)
  })

  it('uses the default when none is remembered', () => {
    expect(pickDevice(null, [usb])).toBeNull()
    expect(deviceChanged(null, null)).toBe(false)
  })
})
