import { describe, expect, it } from 'vitest'
import { didYouMean, editDistance, suggestion } from './did-you-mean.ts'

describe('did you mean', () => {
  it('counts a swap of two neighbours as one edit, as well as a letter added, dropped or changed', () => {
    expect(editDistance('sreve', 'serve')).toBe(1)
    expect(editDistance('prot', 'port')).toBe(1)
    expect(editDistance('serv', 'serve')).toBe(1)
    expect(editDistance('servee', 'serve')).toBe(1)
    expect(editDistance('sarve', 'serve')).toBe(1)
    expect(editDistance('seed', 'state')).toBe(4)
  })

  it('names the command or option a typo was meant to be', () => {
    expect(didYouMean('sreve', ['serve', 'verify', 'record', 'drift'])).toEqual(['serve'])
    expect(didYouMean('prot', ['port', 'host', 'seed'])).toEqual(['port'])
    expect(didYouMean('Port', ['port', 'host'])).toEqual(['port'])
    expect(didYouMean('presons', ['persons', 'recordings'])).toEqual(['persons'])
  })

  it('takes a name cut short as the beginning of the names it begins', () => {
    expect(didYouMean('journal', ['journal-size', 'latency'])).toEqual(['journal-size'])
    expect(didYouMean('max-person', ['max-body', 'max-person-properties', 'max-person-properties-size'])).toEqual([
      'max-person-properties',
      'max-person-properties-size',
    ])
  })

  it('suggests nothing when nothing is near', () => {
    expect(didYouMean('anything', ['port', 'host', 'seed'])).toEqual([])
    expect(didYouMean('xy', ['port', 'host'])).toEqual([])
    expect(suggestion('anything', ['port'])).toBe('')
  })

  it('says it in words', () => {
    expect(suggestion('prot', ['port'], (n) => `--${n}`)).toBe(' (did you mean --port?)')
    expect(suggestion('hots', ['host', 'hosts'], (n) => `--${n}`)).toBe(' (did you mean --host or --hosts?)')
  })
})
