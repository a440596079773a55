import type { ReactElement } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Menu,
  Pagination,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Timeline,
  Tooltip,
  Tree,
  Typography,
  Upload,
  Modal,
  message,
  notification,
} from 'antd';

const rows = [{ key: 1, name: 'Deluxe King', nights: 2 }];
const columns = [
  { title: 'Name', dataIndex: 'name', sorter: true, fixed: 'left' as const },
  { title: 'Nights', dataIndex: 'nights', filters: [{ text: 'One', value: 1 }] },
];
const items = [{ key: 'a', label: 'A' }];

/**
 * The antd components the portal draws, each in the states whose styles are registered apart (a
 * table's pagination and sorter, a form's error, a popup's panel). scripts/antd-styles-plugin.ts
 * renders each once under the portal's ThemeProvider, and antd registers a component's styles as it
 * renders. A component left out here still works: antd computes its styles in the browser, as before.
 */
export function antdStyleSheetElements(): ReactElement[] {
  return [
    <Typography key="typography">
      <Typography.Title>Title</Typography.Title>
      <Typography.Paragraph>Text</Typography.Paragraph>
      <Typography.Text type="secondary">Text</Typography.Text>
      <Typography.Link href="/">Link</Typography.Link>
    </Typography>,
    <Space key="buttons" wrap>
      <Button type="primary">Save</Button>
      <Button danger>Delete</Button>
      <Button type="text">Text</Button>
      <Button type="link">Link</Button>
      <Button loading>Saving</Button>
      <Space.Compact>
        <Input />
        <Button>Go</Button>
      </Space.Compact>
    </Space>,
    <Alert key="alert" type="info" showIcon message="Alert" description="Description" closable />,
    <App key="app">
      <message._InternalPanelDoNotUseOrYouWillBeFired content="Saved" type="success" />
      <notification._InternalPanelDoNotUseOrYouWillBeFired message="Saved" description="Text" />
    </App>,
    <Form key="form" layout="vertical">
      <Form.Item label="Name" required help="Enter a name." validateStatus="error">
        <Input />
      </Form.Item>
      <Form.Item label="Password" hasFeedback validateStatus="success">
        <Input.Password />
      </Form.Item>
      <Form.Item label="Search">
        <Input.Search />
      </Form.Item>
      <Form.Item label="Notes" extra="Extra">
        <Input.TextArea showCount maxLength={10} />
      </Form.Item>
      <Form.Item label="Amount">
        <InputNumber />
      </Form.Item>
      <Form.Item label="Choice">
        <Select options={[{ value: 1, label: 'One' }]} />
      </Form.Item>
      <Form.Item label="Choices">
        <Select mode="multiple" options={[{ value: 1, label: 'One' }]} value={[1]} />
      </Form.Item>
      <Form.Item label="Date">
        <DatePicker />
      </Form.Item>
      <Form.Item label="Dates">
        <DatePicker.RangePicker />
      </Form.Item>
      <Form.Item label="On">
        <Switch />
      </Form.Item>
      <Form.Item label="Checked">
        <Checkbox>Checked</Checkbox>
        <Checkbox.Group options={['A']} />
      </Form.Item>
      <Form.Item label="Radio">
        <Radio.Group options={['A']} optionType="button" />
        <Radio>A</Radio>
      </Form.Item>
      <Form.List name="list">{() => null}</Form.List>
    </Form>,
    <Space key="tags">
      <Tag color="green">Tag</Tag>
      <Tag color="success">Tag</Tag>
      <Tag>Tag</Tag>
    </Space>,
    <Modal key="modal" open={false} />,
    <Spin key="spin" />,
    <Card key="card" title="Card" extra="Extra" size="small">
      Body
    </Card>,
    <Table
      key="table"
      rowKey="key"
      dataSource={rows}
      columns={columns}
      pagination={{ total: 50 }}
      scroll={{ x: 600 }}
    />,
    <Table key="table-small" size="small" rowSelection={{}} dataSource={rows} columns={columns} loading />,
    <Drawer._InternalPanelDoNotUseOrYouWillBeFired key="drawer" title="Title">
      Body
    </Drawer._InternalPanelDoNotUseOrYouWillBeFired>,
    <Popconfirm._InternalPanelDoNotUseOrYouWillBeFired key="popconfirm" title="Sure?" />,
    <Popover._InternalPanelDoNotUseOrYouWillBeFired key="popover" content="Content" />,
    <Tooltip._InternalPanelDoNotUseOrYouWillBeFired key="tooltip" title="Tip" />,
    <Dropdown key="dropdown" menu={{ items }}>
      <Button>More</Button>
    </Dropdown>,
    <Descriptions key="descriptions" bordered column={1} items={[{ key: 'a', label: 'A', children: 'B' }]} />,
    <Descriptions key="descriptions-plain" title="Title" items={[{ key: 'a', label: 'A', children: 'B' }]} />,
    <Result key="result" status="error" title="Title" subTitle="Sub" />,
    <Result key="result-404" status="404" title="404" />,
    <Segmented key="segmented" options={['A', 'B']} />,
    <Progress key="progress" percent={50} />,
    <Progress key="progress-circle" type="circle" percent={50} size="small" />,
    <Menu key="menu" mode="inline" items={items} selectedKeys={['a']} />,
    <Menu key="menu-horizontal" mode="horizontal" items={items} />,
    <List key="list" dataSource={['A']} renderItem={(a) => <List.Item>{a}</List.Item>} />,
    <Empty key="empty" />,
    <Empty key="empty-simple" image={Empty.PRESENTED_IMAGE_SIMPLE} />,
    <Upload.Dragger key="upload">Drop</Upload.Dragger>,
    <Upload key="upload-list" listType="picture-card" />,
    <Timeline key="timeline" items={[{ children: 'A' }]} />,
    <Skeleton key="skeleton" active />,
    <Skeleton.Button key="skeleton-button" />,
    <Row key="grid" gutter={16}>
      <Col span={12}>A</Col>
    </Row>,
    <Tree key="tree" treeData={[{ key: 'a', title: 'A' }]} checkable />,
    <Tabs key="tabs" items={[{ key: 'a', label: 'A', children: 'B' }]} />,
    <Pagination key="pagination" total={50} />,
    <Badge key="badge" count={1} />,
    <Badge key="badge-status" status="success" text="Live" />,
  ];
}
