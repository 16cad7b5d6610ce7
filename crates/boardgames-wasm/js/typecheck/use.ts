// Uses every class, function and type of the package's declarations as a TypeScript program
// would; `tsc --noEmit` (scripts/test-all) fails if a declaration is missing, misnamed or
// mistyped. Compiled, never run: the node tests run the same calls.
import {
  Bot,
  ChanceOutcome,
  EcrireGame,
  EcrireOptions,
  SugorokuGame,
  TaflGame,
  TrictracGame,
  TrictracOptions,
  Turn,
  deriveSeed,
  taflPresets,
  version,
} from "boardgames-rs";

const seed: bigint = deriveSeed(7n, 1);
const presets: string[] = taflPresets();
const text: string = version();

const tafl = new TaflGame("brandubh", 7);
const druid = new Bot("tafl", "druid:2000", seed);
const bard = new Bot("tafl", "bard");
const name: string = druid.name;
const game: string = bard.game;
const turn: Turn = tafl.turn;
const moves: string[] = tafl.legalActions();
tafl.apply(moves[0]);
const chosen: string = tafl.botAction(druid);
const nodes: number = new TaflGame().perft(3);
const played: number = tafl.playOut(druid, bard, 500);
const rules: string = tafl.rulesString();
const returns: [number, number] = tafl.returns();
const again: TaflGame = TaflGame.fromRecord(tafl.record()).clone();
const over: boolean = again.isTerminal();
const length: number = again.length;

const options: TrictracOptions = { trous: 2, pavillon: false, primaute: "first throw" };
const partie = new TrictracGame(3n, options);
const outcomes: ChanceOutcome[] = partie.chanceOutcomes();
const probability: number = outcomes[0].probability;
const thrown: string = partie.applyChance();
partie.playOut(new Bot("trictrac", "tdbot", 1), new Bot("trictrac", "bot", 2));
const trictracRecord: string = TrictracGame.fromRecord(partie.record()).svg();

const ecrireOptions: EcrireOptions = { marques: 2, convention: "base" };
const ecrire = new EcrireGame(5, ecrireOptions);
ecrire.playOut(new Bot("ecrire", "bot", 1), new Bot("ecrire", "random", 2), 100000);
const ecrireResult: string = EcrireGame.fromRecord(ecrire.record()).result();

const sugoroku = new SugorokuGame("", 9);
while (!sugoroku.isTerminal()) sugoroku.applyChance();
const sugorokuReturns: [number, number] = SugorokuGame.fromRecord(sugoroku.record()).returns();

try {
  new TaflGame("brandubh").apply("a1-a9");
} catch (error) {
  const message: string = (error as Error).message;
  void message;
}

tafl.free();
void [seed, presets, text, name, game, turn, chosen, nodes, played, rules, returns, over,
  length, probability, thrown, trictracRecord, ecrireResult, sugorokuReturns];
