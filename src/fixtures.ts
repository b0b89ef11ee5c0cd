// Resolves a scenario name to its dataset.
import { scenarios } from '../fixtures/index.ts'
import type { Dataset } from './store/dataset.ts'
import type { DatasetSize } from './store/seed.ts'

export function scenarioNames(): string[] {
  return Object.keys(scenarios)
}

export class UnknownFixturesError extends Error {}

export function loadFixtures(name: string, seed: number, size?: DatasetSize): Dataset {
  const scenario = scenarios[name]
  if (!scenario) throw new UnknownFixturesError(`unknown fixtures "${name}" (known: ${scenarioNames().join(', ')})`)
  return scenario.build(seed, size)
}
