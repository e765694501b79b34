// A LangGraph graph for the demo and the tests: a real StateGraph with a MemorySaver checkpointer
// whose review node interrupts with an Agent Inbox HumanInterrupt; when resumed with the
// HumanResponse list, it runs the action (as accepted or edited) or records the reply or the
// dismissal, and ends.
import { Annotation, END, MemorySaver, START, StateGraph, interrupt } from '@langchain/langgraph';
import type { ActionRequest, HumanInterrupt, HumanInterruptConfig, HumanResponse } from '@langchain/langgraph/prebuilt';

const State = Annotation.Root({
  action: Annotation<ActionRequest>,
  config: Annotation<HumanInterruptConfig>,
  description: Annotation<string>,
  outcome: Annotation<HumanResponse | null>,
  executed: Annotation<ActionRequest | null>,
});

export function reviewGraph() {
  const executed: ActionRequest[] = [];
  const graph = new StateGraph(State)
    .addNode('review', (state) => {
      const request: HumanInterrupt = { action_request: state.action, config: state.config, description: state.description };
      const [response] = interrupt<HumanInterrupt[], HumanResponse[]>([request]);
      if (!response) throw new Error('resumed without a HumanResponse');
      const run = response.type === 'accept' ? state.action : response.type === 'edit' ? (response.args as ActionRequest) : null;
      if (run) executed.push(run);
      return { outcome: response, executed: run };
    })
    .addEdge(START, 'review')
    .addEdge('review', END)
    .compile({ checkpointer: new MemorySaver() });
  return { graph, executed };
}
